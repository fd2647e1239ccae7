# fish completion for mvsearch: options, their values (--format, --by, --sort, the keys of --json),
# recent searches as terms, and `serve` and `mcp` as the first word, each with the options it takes.
# Kept in step with the option table
# (Sources/App/CLI/CommandLineOption.swift) by the tests.

# Recent searches: `mvsearch --history --format plain` reads one local file (no network);
# plain lines whatever the settings file's format says.
function __mvsearch_terms
    type -q mvsearch; and command mvsearch --history --format plain 2>/dev/null
end

# The keys of --json, after what stands before the last comma of the current word.
function __mvsearch_json_fields
    set -l token (commandline -ct)
    set -l head (string replace -r '^--json=' '' -- $token | string replace -r '[^,]*$' '')
    set -l prefix (string match -r '^--json=' -- $token)
    for field in id title artist artistId collection releaseDate durationSeconds genre explicit country currency price url artistUrl previewUrl artworkUrl name rank term
        echo "$prefix$head$field"
    end
end

# Whether the first word is one of the front ends named (serve or mcp when none is named).
function __mvsearch_service
    set -l tokens (commandline -opc)
    set -q argv[1]; or set argv serve mcp
    test (count $tokens) -ge 2; and contains -- $tokens[2] $argv
end

function __mvsearch_first_word
    test (count (commandline -opc)) -eq 1
end

function __mvsearch_after_json
    set -l tokens (commandline -opc)
    test (count $tokens) -ge 2; and test "$tokens[-1]" = --json
end

complete -c mvsearch -f
complete -c mvsearch -n __mvsearch_first_word -a serve -d 'answer the operations over HTTP (127.0.0.1:8990)'
complete -c mvsearch -n __mvsearch_first_word -a mcp -d 'a Model Context Protocol server on stdin and stdout'
complete -c mvsearch -n __mvsearch_first_word -a help -d 'show the help'
complete -c mvsearch -n 'not __mvsearch_after_json; and not __mvsearch_service' -a '(__mvsearch_terms)' -d 'recent search'
complete -c mvsearch -s l -l limit -x -d 'results per page, 1–200'
complete -c mvsearch -n 'not __mvsearch_service' -l offset -x -d 'skip the first N results'
complete -c mvsearch -s c -l country -x -d 'two-letter store country'
complete -c mvsearch -n 'not __mvsearch_service' -l by -x -a 'any artist song album' -d 'which field the term must match'
complete -c mvsearch -n 'not __mvsearch_service' -l no-explicit -d 'leave out explicit videos'
complete -c mvsearch -n 'not __mvsearch_service' -l format -x -a 'table plain json jsonl m3u' -d 'output format'
complete -c mvsearch -n 'not __mvsearch_service' -l json -d 'JSON output, only the keys FIELDS (comma-separated)'
complete -c mvsearch -n __mvsearch_after_json -a '(__mvsearch_json_fields)' -d 'JSON key'
complete -c mvsearch -n 'string match -q -- "--json=*" (commandline -ct)' -a '(__mvsearch_json_fields)' -d 'JSON key'
complete -c mvsearch -n 'not __mvsearch_service' -l sort -x -a 'year title artist duration price' -d 'order the videos fetched'
complete -c mvsearch -n 'not __mvsearch_service' -l reverse -d 'with --sort: the other way round'
complete -c mvsearch -l timeout -x -d 'seconds each request may take'
complete -c mvsearch -l retries -x -d 'tries again after server errors, 0–5'
complete -c mvsearch -l base-url -x -d 'API root'
complete -c mvsearch -l no-cache -d 'do not answer from the response cache'
complete -c mvsearch -l offline -d 'answer from the response cache only'
complete -c mvsearch -n 'not __mvsearch_service' -l no-color -l no-colour -d 'no colour'
complete -c mvsearch -n 'not __mvsearch_service' -l no-mouse -d 'leave the mouse to the terminal in the session'
complete -c mvsearch -n 'not __mvsearch_service' -l no-images -d 'no artwork in the full-screen session'
complete -c mvsearch -n 'not __mvsearch_service' -l remember -x -a 'always terminal never' -d 'which searches the recent searches keep'
complete -c mvsearch -n 'not __mvsearch_service' -s i -l interactive -d 'the interactive session'
complete -c mvsearch -n 'not __mvsearch_service' -l pick -d 'choose videos on the terminal, print them'
complete -c mvsearch -n 'not __mvsearch_service' -l select-1 -d 'with --pick: print the only video found without opening the screen'
complete -c mvsearch -n 'not __mvsearch_service' -l id -x -d 'one video by its track id'
complete -c mvsearch -n 'not __mvsearch_service' -l artist-id -x -d "an artist's music videos"
complete -c mvsearch -n 'not __mvsearch_service' -l artists -d 'search music-video artists instead of videos'
complete -c mvsearch -n 'not __mvsearch_service' -l top -d "the store's top music videos chart"
complete -c mvsearch -n 'not __mvsearch_service' -l genre -x -a '14\tPop 21\tRock 18\tHip-Hop/Rap 15\tR\&B/Soul 6\tCountry 20\tAlternative 17\tDance 7\tElectronic 12\tLatin 51\tK-Pop' -d "with --top: one genre's chart"
complete -c mvsearch -n 'not __mvsearch_service' -l history -d 'print recent searches'
complete -c mvsearch -n 'not __mvsearch_service' -l clear-history -d 'forget recent searches'
complete -c mvsearch -n 'not __mvsearch_service' -l settings -d 'print the settings in effect and where each comes from'
complete -c mvsearch -n '__mvsearch_service serve' -l listen -x -d 'with serve: the address to listen on (HOST:PORT)'
complete -c mvsearch -n '__mvsearch_service serve' -l token-file -r -F -d 'with serve: the file holding the bearer token'
complete -c mvsearch -n '__mvsearch_service serve' -l cors -x -d 'with serve: the web origin whose pages may read the answers'
complete -c mvsearch -s v -l verbose -d 'one line on stderr per request'
complete -c mvsearch -s h -l help -d 'show the help'
complete -c mvsearch -n 'not __mvsearch_service' -l version -d 'show the version'
complete -c mvsearch -n 'not __mvsearch_service' -l genres -d 'the chart genres and their ids'
complete -c mvsearch -n 'not __mvsearch_service' -l also -x -d 'more like one video (its track id)'
