# bash completion for mvsearch                                    -*- shell-script -*-
# Works with bash 3.2 and later.
# Options, their values (--format, --by, --sort, the keys of --json), recent searches as terms, and
# `serve` and `mcp` as the first word, each with the options it takes.
# Kept in step with the option table (Sources/App/CLI/CommandLineOption.swift) by the tests.

_mvsearch_options='-l --limit --offset -c --country --by --no-explicit --format --json --sort --reverse --timeout
--retries --base-url --no-cache --offline --no-color --no-colour --no-mouse --no-images --remember -i --interactive --pick --select-1 --id --artist-id --artists --top --genre
--history
--clear-history --settings -v --verbose -h --help --version --genres --also'
# After `serve` or `mcp`: the options both take, and those only serve takes.
_mvsearch_service_options='-l --limit -c --country --timeout --retries --base-url --no-cache --offline -v --verbose -h --help'
_mvsearch_serve_options='--listen --token-file --cors'
_mvsearch_formats='table plain json jsonl m3u'
_mvsearch_fields='id title artist artistId collection releaseDate durationSeconds genre explicit
country currency price url artistUrl previewUrl artworkUrl name rank term'
_mvsearch_attributes='any artist song album'
_mvsearch_sorts='year title artist duration price'

# Completes a comma-separated list of JSON keys: what stands before the last comma is kept,
# after the prefix (`--json=` when the word holds the option too).
_mvsearch_field_list() {
    local current=$1 head=$2 field
    [[ $current == *,* ]] && head+=${current%,*}, && current=${current##*,}
    for field in $_mvsearch_fields; do
        [[ $field == "$current"* ]] && COMPREPLY+=("$head$field")
    done
    # A list is not finished by a space: the next key may follow a comma.
    compopt -o nospace 2>/dev/null
}

_mvsearch() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=''
    ((COMP_CWORD > 0)) && previous=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()

    # After --, every word is part of the term.
    local index
    for ((index = 1; index < COMP_CWORD; index++)); do
        [[ ${COMP_WORDS[index]} == -- ]] && { _mvsearch_terms "$current"; return 0; }
    done

    # --name=value: one word when COMP_WORDBREAKS lacks '=' (then the reply keeps the name),
    # else three words: --name, =, value.
    local prefix=''
    if [[ $current == --*=* ]]; then
        previous=${current%%=*}
        prefix=$previous=
        current=${current#*=}
    elif [[ $current == = ]]; then
        current=''
    elif [[ $previous == = && $COMP_CWORD -ge 2 ]]; then
        previous=${COMP_WORDS[COMP_CWORD - 2]}
    fi

    case $previous in
    --format)
        COMPREPLY=($(compgen -P "$prefix" -W "$_mvsearch_formats" -- "$current"))
        return 0
        ;;
    --by)
        COMPREPLY=($(compgen -P "$prefix" -W "$_mvsearch_attributes" -- "$current"))
        return 0
        ;;
    --sort)
        COMPREPLY=($(compgen -P "$prefix" -W "$_mvsearch_sorts" -- "$current"))
        return 0
        ;;
    --remember)
        COMPREPLY=($(compgen -P "$prefix" -W 'always terminal never' -- "$current"))
        return 0
        ;;
    --json)
        # A bare --json takes a field list only when it has a comma or is one key; offer the
        # keys, and terms too, when the word could still be either.
        _mvsearch_field_list "$current" "$prefix"
        [[ $current == *,* || -n $prefix || ${COMP_WORDS[COMP_CWORD - 1]} == = ]] || _mvsearch_terms "$current"
        return 0
        ;;
    --token-file)
        COMPREPLY=($(compgen -f -- "$current"))
        ((${#COMPREPLY[@]})) && [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
        compopt -o filenames 2>/dev/null
        return 0
        ;;
    -l | --limit | --offset | -c | --country | --timeout | --retries | --base-url | --id | --artist-id | --genre | --also | --listen | --cors)
        return 0
        ;;
    esac

    # `serve` and `mcp` as the first word choose a front end: its options, and no term.
    case ${COMP_WORDS[1]} in
    serve | mcp)
        if ((COMP_CWORD > 1)); then
            local options=$_mvsearch_service_options
            [[ ${COMP_WORDS[1]} == serve ]] && options+=" $_mvsearch_serve_options"
            COMPREPLY=($(compgen -W "$options" -- "$current"))
            return 0
        fi
        ;;
    esac

    if [[ $current == -* ]]; then
        COMPREPLY=($(compgen -W "$_mvsearch_options" -- "$current"))
        return 0
    fi
    # `help` alone is the help, as --help is.
    ((COMP_CWORD == 1)) && COMPREPLY=($(compgen -W 'serve mcp help' -- "$current"))
    _mvsearch_terms "$current"
}

# Recent searches as terms: `mvsearch --history --format plain` reads one local file (no network);
# plain lines whatever the settings file's format says.
_mvsearch_terms() {
    local current=$1 term
    command -v mvsearch >/dev/null 2>&1 || return 0
    while IFS= read -r term; do
        [[ -n $term && $term == "$current"* ]] && COMPREPLY+=("$(printf '%q' "$term")")
    done < <(command mvsearch --history --format plain 2>/dev/null)
}

complete -F _mvsearch mvsearch
