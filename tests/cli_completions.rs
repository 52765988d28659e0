//! `cgtk completions SHELL` and `cgtk man`: scripts and a page generated from the command
//! definitions, so every command appears in them.

mod common;

use common::cgtk;

/// Top-level commands that every script and the manual page must name.
const COMMANDS: [&str; 6] = [
    "poggle",
    "nimber",
    "grundy",
    "solve",
    "calculation",
    "completions",
];

#[test]
fn every_shell_gets_a_script_naming_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = cgtk(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(
            run.stdout.len() > 1000,
            "{shell}: {} bytes",
            run.stdout.len()
        );
        for command in COMMANDS {
            assert!(
                run.stdout.contains(command),
                "{shell} script lacks {command}"
            );
        }
    }
    // Deeper levels too: the subcommands of poggle and their options.
    let bash = cgtk(&["completions", "bash"]).stdout;
    for word in ["quiet", "--colours", "--torus", "perft"] {
        assert!(bash.contains(word), "bash script lacks {word}");
    }
}

#[test]
fn the_manual_page_lists_the_commands() {
    let run = cgtk(&["man"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with(".ie"), "{}", &run.stdout[..80]);
    assert!(run.stdout.contains(".TH cgtk 1"), "no title line");
    for command in COMMANDS {
        assert!(
            run.stdout.contains(&format!("cgtk\\-{command}")),
            "man page lacks {command}"
        );
    }
}

/// Every page the main page names under SUBCOMMANDS (`cgtk-poggle(1)`) can be printed,
/// and the pages it names in turn; the NAME line does not repeat the program's name.
#[test]
fn every_page_a_page_names_can_be_printed() {
    let main = cgtk(&["man"]);
    assert!(
        main.stdout.contains("cgtk \\- Solve Lights Out"),
        "{}",
        &main.stdout[..300]
    );
    for command in COMMANDS {
        let run = cgtk(&["man", command]);
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        assert!(
            run.stdout.contains(&format!(".TH cgtk-{command} 1")),
            "{command}: {}",
            &run.stdout[..200]
        );
    }
    let poggle = cgtk(&["man", "poggle"]);
    assert!(poggle.stdout.contains("cgtk\\-poggle\\-solve(1)"));
    let solve = cgtk(&["man", "poggle", "solve"]);
    assert_eq!(solve.code, 0, "{}", solve.stderr);
    assert!(solve.stdout.contains("\\fBcgtk poggle solve\\fR"));
    for (args, message) in [
        (
            &["man", "poggle", "nope"][..],
            "`cgtk poggle` has no command `nope`; its commands are solve,",
        ),
        (&["man", "nim", "x"], "`cgtk nim` has no commands"),
    ] {
        let run = cgtk(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let run = cgtk(&["completions", "tcsh"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("possible values"), "{}", run.stderr);
}
