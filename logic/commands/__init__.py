"""The commands: resolve, check, ask, diff, solve and casebook, each a library call the CLI and the web page share."""
