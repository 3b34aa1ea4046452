"""The language: grammar loading, the readers of rulesets, cases and observations, and located errors."""
