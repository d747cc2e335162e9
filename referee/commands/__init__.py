"""The `referee` command's subcommands, one module per domain (rules, engine, store,
text). They sit above the domains they drive, so that a domain package never imports
another only to print or translate for a command (referee.cli assembles them)."""
