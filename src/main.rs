//! The `scoresheet` command line: flags are parsed and wired to the library in
//! [`scoresheet::cli`].

fn main() -> std::process::ExitCode {
    scoresheet::cli::main()
}
