//! The `scoresheet` command line: flags are parsed and wired to the library in [`cli`].

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
