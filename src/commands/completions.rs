//! `cgtk completions SHELL` and `cgtk man`: shell completion scripts and the manual page,
//! both generated from the same clap definitions that parse the command line.

use crate::cli::Cli;
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

/// Print the manual page of `cgtk` (roff, for `man -l -`) to standard output.
///
/// `cgtk man | man -l -` reads it; `cgtk man > cgtk.1` keeps it. It lists every command with
/// its one-line description; `cgtk COMMAND --help` has the details.
#[derive(Debug, clap::Args)]
pub struct ManArgs {}

/// Runs `cgtk completions`.
pub fn run(args: &Args) -> Result<()> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "cgtk", &mut script);
    write_stdout(&script)
}

/// Runs `cgtk man`.
pub fn run_man(_args: &ManArgs) -> Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    write_stdout(&page)
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}
