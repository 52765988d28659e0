//! `cgtk completions SHELL` and `cgtk man`: shell completion scripts and the manual page,
//! both generated from the same clap definitions that parse the command line.

use crate::cli::{usage, Cli, Context};
use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;
use std::io::{self, Write};

/// Print a completion script for a shell to standard output.
///
/// Bash: `cgtk completions bash > ~/.local/share/bash-completion/completions/cgtk`;
/// zsh: `cgtk completions zsh > "${fpath[1]}/_cgtk"`; fish:
/// `cgtk completions fish > ~/.config/fish/completions/cgtk.fish`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell to write the script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Print the manual page of `cgtk` or of one of its commands (roff, for `man -l -`) to
/// standard output.
///
/// `cgtk man | man -l -` reads the main page, which lists every command with its one-line
/// description; `cgtk man poggle solve | man -l -` reads the page of a command (the pages a
/// page names under SEE ALSO, `cgtk-poggle-solve(1)`, are these); `cgtk man > cgtk.1`
/// keeps one.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The command whose page to print, as typed after `cgtk` (e.g. `poggle solve`);
    /// none for the main page.
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Refuses `--json` (accepted and ignored before) for a command whose output is a script or
/// a page.
fn refuse_json(ctx: &Context, what: &str) -> Result<()> {
    if ctx.json {
        return Err(usage(format!("{what}; --json does not apply")));
    }
    Ok(())
}

/// Runs `cgtk completions`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    refuse_json(ctx, "completions prints a shell script")?;
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "cgtk", &mut script);
    write_stdout(&script)
}

/// Runs `cgtk man`.
pub fn run_man(args: &ManArgs, ctx: &Context) -> Result<()> {
    refuse_json(ctx, "man prints a manual page in roff")?;
    let mut command = Cli::command();
    command.build();
    let mut name = "cgtk".to_string();
    for word in &args.command {
        let names: Vec<String> = command
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        command = match command.find_subcommand(word) {
            Some(sub) => sub.clone(),
            None if names.is_empty() => {
                return Err(usage(format!(
                    "`{}` has no commands, so there is no page `{name}-{word}`",
                    name.replace('-', " ")
                )))
            }
            None => {
                return Err(usage(format!(
                    "`{}` has no command `{word}`; its commands are {}",
                    name.replace('-', " "),
                    names.join(", ")
                )))
            }
        };
        name = format!("{name}-{}", command.get_name());
    }
    // Built, a command's display name is its path (`cgtk-poggle-solve`): the page's name,
    // as its parent's SEE ALSO gives it.
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .source(format!("cgtk {}", env!("CARGO_PKG_VERSION")))
        .render(&mut page)?;
    write_stdout(&page)
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}
