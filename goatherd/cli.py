"""The `goatherd` command: one entry point, subcommands contributed by each package.

Each package that offers commands has a `cli` module with `add_commands(subparsers)`.
Those modules must import cheaply (heavy imports belong inside the command functions),
so `goatherd --help` stays instant and a missing optional extra only disables its own
commands.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMAND_MODULES = ("referee.cli", "datasets.cli", "vision.cli", "vision.live.cli", "api.cli")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="goatherd",
        description="A camera referee for real card tables: Skitgubbe, Durak, Golf, Penki and Shithead "
                    "by hand or API; Skitgubbe, Durak and Golf also from a camera.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
                continue  # that package (or its parent) has no commands yet
            raise
        module.add_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("goatherd: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
