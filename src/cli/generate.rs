//! `scoresheet generate`: the man page and the shell completions, both made from the command
//! line's own definition, so that they can never describe flags the program does not have.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, CommandFactory, ValueEnum};
use clap_complete::Shell;

#[derive(Args)]
pub struct GenerateArgs {
    /// What to write to standard output.
    #[arg(value_enum)]
    what: What,
}

#[derive(Clone, Copy, ValueEnum)]
enum What {
    /// The man page in roff: `scoresheet generate man > scoresheet.1`, then `man ./scoresheet.1`.
    Man,
    /// Completions for bash: `scoresheet generate complete-bash > /etc/bash_completion.d/scoresheet`.
    CompleteBash,
    /// Completions for zsh: into a file `_scoresheet` of a folder on `$fpath`.
    CompleteZsh,
    /// Completions for fish: into `~/.config/fish/completions/scoresheet.fish`.
    CompleteFish,
    /// Completions for PowerShell: sourced from the profile.
    CompletePowershell,
}

pub fn run(args: GenerateArgs) -> ExitCode {
    let mut out = io::stdout().lock();
    let written = write(args.what, &mut out).and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            eprintln!("scoresheet: cannot write to standard output: {e}");
            ExitCode::from(2)
        }
    }
}

fn write(what: What, out: &mut dyn Write) -> io::Result<()> {
    let mut cmd = super::Cli::command();
    let shell = match what {
        What::Man => return write_man(cmd, out),
        What::CompleteBash => Shell::Bash,
        What::CompleteZsh => Shell::Zsh,
        What::CompleteFish => Shell::Fish,
        What::CompletePowershell => Shell::PowerShell,
    };
    let name = cmd.get_name().to_string();
    // clap_complete panics when its writer fails (a closed pipe): it writes into memory.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, name, &mut script);
    out.write_all(&script)
}

/// One page: the program's own sections (NAME, SYNOPSIS, DESCRIPTION, OPTIONS), then a
/// section per subcommand with its synopsis, description and every flag, its own
/// headings turned into subsections: `man scoresheet` tells what `--help` of each subcommand
/// does, on one page to search.
fn write_man(cmd: clap::Command, out: &mut dyn Write) -> io::Result<()> {
    let cmd = cmd.disable_help_subcommand(true);
    let main = clap_mangen::Man::new(cmd.clone());
    let mut page = Vec::new();
    main.render_title(&mut page)?;
    main.render_name_section(&mut page)?;
    main.render_synopsis_section(&mut page)?;
    main.render_description_section(&mut page)?;
    main.render_options_section(&mut page)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("scoresheet {}", sub.get_name());
        let man = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
        let mut body = Vec::new();
        man.render_synopsis_section(&mut body)?;
        man.render_description_section(&mut body)?;
        man.render_options_section(&mut body)?;
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        for line in String::from_utf8_lossy(&body).lines() {
            match line.strip_prefix(".SH ") {
                Some(heading) => writeln!(page, ".SS {heading}")?,
                None => writeln!(page, "{line}")?,
            }
        }
    }
    main.render_version_section(&mut page)?;
    write_starting_with_title(&String::from_utf8_lossy(&page), out)
}

/// Each rendered part repeats roff's two-line definition of the apostrophe string (`.ie`,
/// `.el`) before its text; the page keeps one, right after `.TH`, so that it starts with its
/// title as man pages do.
fn write_starting_with_title(page: &str, out: &mut dyn Write) -> io::Result<()> {
    let (preamble, body): (Vec<&str>, Vec<&str>) = page
        .lines()
        .partition(|l| l.starts_with(".ie \\n(.g .ds Aq") || l.starts_with(".el .ds Aq"));
    let mut body = body.into_iter();
    if let Some(title) = body.next() {
        writeln!(out, "{title}")?;
    }
    for line in preamble.iter().take(2).chain(body.as_slice()) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
