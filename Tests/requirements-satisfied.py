"""Exits 0 when every `name==version` line of a requirements file is installed at that version.

`make test` runs it before pip, so that a second run, offline, does not ask the registry again.
"""

import importlib.metadata
import re
import sys


def main(path: str) -> int:
    for line in open(path, encoding="utf-8"):
        requirement = line.split("#", 1)[0].strip()
        if not requirement:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", requirement)
        if not match:
            return 1  # Not a pin: let pip decide.
        try:
            if importlib.metadata.version(match.group(1)) != match.group(2):
                return 1
        except importlib.metadata.PackageNotFoundError:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
