# fish completion for mvsearch: options, their values (--format, --by, --sort, the keys of --json), and
# recent searches as terms. Kept in step with the option table
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

function __mvsearch_after_json
    set -l tokens (commandline -opc)
    test (count $tokens) -ge 2; and test "$tokens[-1]" = --json
end

complete -c mvsearch -f
complete -c mvsearch -n 'not __mvsearch_after_json' -a '(__mvsearch_terms)' -d 'recent search'
complete -c mvsearch -s l -l limit -x -d 'results per page, 1–200'
complete -c mvsearch -l offset -x -d 'skip the first N results'
complete -c mvsearch -s c -l country -x -d 'two-letter store country'
complete -c mvsearch -l by -x -a 'any artist song album' -d 'which field the term must match'
complete -c mvsearch -l no-explicit -d 'leave out explicit videos'
complete -c mvsearch -l format -x -a 'table plain json jsonl' -d 'output format'
complete -c mvsearch -l json -d 'JSON output, only the keys FIELDS (comma-separated)'
complete -c mvsearch -n __mvsearch_after_json -a '(__mvsearch_json_fields)' -d 'JSON key'
complete -c mvsearch -n 'string match -q -- "--json=*" (commandline -ct)' -a '(__mvsearch_json_fields)' -d 'JSON key'
complete -c mvsearch -l sort -x -a 'year title artist duration price' -d 'order the videos fetched'
complete -c mvsearch -l reverse -d 'with --sort: the other way round'
complete -c mvsearch -l timeout -x -d 'seconds each request may take'
complete -c mvsearch -l retries -x -d 'tries again after server errors, 0–5'
complete -c mvsearch -l base-url -x -d 'API root'
complete -c mvsearch -l no-cache -d 'do not answer from the response cache'
complete -c mvsearch -l offline -d 'answer from the response cache only'
complete -c mvsearch -l no-color -l no-colour -d 'no colour'
complete -c mvsearch -l no-mouse -d 'leave the mouse to the terminal in the session'
complete -c mvsearch -l no-images -d 'no artwork in the full-screen session'
complete -c mvsearch -s i -l interactive -d 'the interactive session'
complete -c mvsearch -l pick -d 'choose videos on the terminal, print them'
complete -c mvsearch -l id -x -d 'one video by its track id'
complete -c mvsearch -l artist-id -x -d "an artist's music videos"
complete -c mvsearch -l artists -d 'search music-video artists instead of videos'
complete -c mvsearch -l top -d "the store's top music videos chart"
complete -c mvsearch -l genre -x -a '14\tPop 21\tRock 18\tHip-Hop/Rap 15\tR\&B/Soul 6\tCountry 20\tAlternative 17\tDance 7\tElectronic 12\tLatin 51\tK-Pop' -d "with --top: one genre's chart"
complete -c mvsearch -l history -d 'print recent searches'
complete -c mvsearch -l clear-history -d 'forget recent searches'
complete -c mvsearch -l settings -d 'print the settings in effect and where each comes from'
complete -c mvsearch -s v -l verbose -d 'one line on stderr per request'
complete -c mvsearch -s h -l help -d 'show the help'
complete -c mvsearch -l version -d 'show the version'
