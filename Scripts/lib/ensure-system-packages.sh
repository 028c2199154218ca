# Installs the Debian packages the build needs when they are missing.
# Sourced by Scripts/*; needs root or sudo only when something is missing.
ensure_system_packages() {
    local need=()
    command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
    if command -v pkg-config >/dev/null 2>&1; then
        pkg-config --exists sqlite3 || need+=(libsqlite3-dev)
        pkg-config --exists zlib || need+=(zlib1g-dev)
    else
        need+=(libsqlite3-dev zlib1g-dev)
    fi
    local extra
    for extra in "$@"; do
        dpkg -s "$extra" >/dev/null 2>&1 || need+=("$extra")
    done
    ((${#need[@]})) || return 0
    echo "== installing: ${need[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
}
