//! `--help` of every command path, found by reading the `Commands:` section of each help
//! page from `cgtk help` down (never a hand-kept list): each answers with exit code 0, a
//! usage line naming the path, the same page as `cgtk help PATH`, and a description for
//! every argument and option.

mod common;

use common::cgtk;

/// The subcommands a help page lists under `Commands:` (without clap's own `help`).
fn listed_commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| line.trim_end() != "Commands:")
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// Every command path below `path`, depth first, starting with `path` itself.
fn command_paths(path: Vec<String>, help: &str, out: &mut Vec<Vec<String>>) {
    out.push(path.clone());
    for name in listed_commands(help) {
        let mut sub = path.clone();
        sub.push(name);
        let mut args: Vec<&str> = sub.iter().map(String::as_str).collect();
        args.push("--help");
        let run = cgtk(&args);
        assert_eq!(run.code, 0, "cgtk {}: {}", args.join(" "), run.stderr);
        command_paths(sub, &run.stdout, out);
    }
}

fn all_paths() -> Vec<Vec<String>> {
    let top = cgtk(&["help"]);
    assert_eq!(top.code, 0, "cgtk help: {}", top.stderr);
    let mut paths = Vec::new();
    command_paths(Vec::new(), &top.stdout, &mut paths);
    paths
}

/// Whether every entry of the `Arguments:` and `Options:` sections carries a description,
/// on its own line or on the indented line below it.
fn undocumented_entries(help: &str) -> Vec<String> {
    let lines: Vec<&str> = help.lines().collect();
    let mut missing = Vec::new();
    let mut in_section = false;
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with(' ') {
            in_section = matches!(line.trim_end(), "Arguments:" | "Options:");
            continue;
        }
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let is_entry = (2..=6).contains(&indent)
            && (trimmed.starts_with('-') || trimmed.starts_with('<') || trimmed.starts_with('['));
        if !in_section || !is_entry {
            continue;
        }
        let has_text = trimmed.split("  ").filter(|s| !s.trim().is_empty()).count() >= 2;
        let next_describes = lines.get(i + 1).is_some_and(|next| {
            let t = next.trim_start();
            next.len() - t.len() > indent + 2 && !t.is_empty()
        });
        if !has_text && !next_describes {
            missing.push(line.to_string());
        }
    }
    missing
}

#[test]
fn every_command_path_has_help() {
    let paths = all_paths();
    // The program and at least one level of commands and one of subcommands below it.
    assert!(paths.iter().any(|p| p.len() == 1), "{paths:?}");
    assert!(paths.iter().any(|p| p.len() == 2), "{paths:?}");
    for path in &paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        let shown = format!("cgtk {}", args.join(" ")).trim_end().to_string();
        args.push("--help");
        let run = cgtk(&args);
        assert_eq!(run.code, 0, "{shown} --help: {}", run.stderr);
        let help = &run.stdout;
        assert!(
            help.contains(&format!("Usage: {shown}")),
            "{shown} --help names no usage:\n{help}"
        );
        assert!(
            help.contains("--json") && help.contains("--threads"),
            "{shown} --help misses the global flags:\n{help}"
        );
        let missing = undocumented_entries(help);
        assert!(
            missing.is_empty(),
            "{shown} --help: entries without a description: {missing:?}\n{help}"
        );
        // `cgtk help PATH` shows the same page.
        let mut help_args = vec!["help"];
        help_args.extend(path.iter().map(String::as_str));
        let via_help = cgtk(&help_args);
        assert_eq!(via_help.code, 0, "cgtk help {}", path.join(" "));
        assert_eq!(&via_help.stdout, help, "cgtk help {}", path.join(" "));
    }
}
