import Foundation

/// What `--help` and `--version` print.
enum HelpText {
    static let version = "mvsearch 0.1.0"

    static let usage = """
        mvsearch — search the iTunes Store for music videos

        Usage:
          mvsearch [options] <term>...    search; the words are joined with spaces
          mvsearch                        interactive session (when stdin is a terminal)
          mvsearch -i [<term>...]         interactive session, also with piped input
          mvsearch --id <trackId>         one video's details
          mvsearch --artist-id <id>       an artist's music videos
          mvsearch --history              recent searches, newest first

        Options:
          -l, --limit N          results per page, 1–200 (default 25)
              --offset N         skip the first N results
          -c, --country CC       two-letter store country (default $MVSEARCH_COUNTRY or US)
              --by FIELD         match the term against artist, song, album or any (default any)
              --no-explicit      leave out explicit videos
              --format FORMAT    table, plain or json (default: table on a terminal, else plain)
              --json             same as --format json
              --timeout S        seconds to wait for each request (default 15)
              --retries N        tries again after server errors and broken connections, 0–5 (default 2)
              --base-url URL     API root (default $MVSEARCH_BASE_URL or https://itunes.apple.com/);
                                 plain http only for loopback hosts
              --no-cache         do not answer from the response cache (the answer is still stored)
              --offline          answer from the response cache only, however old
              --no-color         no colour (also NO_COLOR=1 or TERM=dumb)
          -i, --interactive      browse: search, page, open details, go back
              --id N             look up one video by its track id
              --artist-id N      list an artist's music videos
              --history          print recent searches (--json for a JSON array)
              --clear-history    forget recent searches
          -v, --verbose          one line on stderr per request
          -h, --help             show this help
              --version          show the version
          --                     end of options; what follows is the term

        Exit status:
          0 results shown · 1 nothing found · 64 bad usage or rejected query ·
          65 unreadable answer · 69 service unavailable · 75 timed out or rate limited ·
          130 interrupted

        Examples:
          mvsearch jack johnson
          mvsearch --by artist -c GB -l 10 adele
          mvsearch --json "Florence + the Machine" | jq '.[].title'

        """
}
