# Sourced by every benchmark: the podium processes it starts get a private HOME and XDG
# directories (made once, shared by the scripts bench.sh runs), so a benchmark never reads or
# writes the user's data: band store, talk journal, display choices, caches.
if [ -z "${PODIUM_PRIVATE_HOME:-}" ]; then
  PODIUM_PRIVATE_HOME=$(mktemp -d /tmp/podium-bench-home.XXXXXX)
  export PODIUM_PRIVATE_HOME HOME=$PODIUM_PRIVATE_HOME XDG_CONFIG_HOME=$PODIUM_PRIVATE_HOME/.config \
    XDG_DATA_HOME=$PODIUM_PRIVATE_HOME/.local/share XDG_STATE_HOME=$PODIUM_PRIVATE_HOME/.local/state \
    XDG_CACHE_HOME=$PODIUM_PRIVATE_HOME/.cache
fi
