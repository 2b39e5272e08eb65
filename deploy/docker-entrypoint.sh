#!/bin/sh
# The image's commands: the server by default, and the operator's tools by name, e.g.
#   docker compose run --rm app create-admin --email boss@example.com --password '…'
#   docker compose run --rm app migrate
set -e
case "$1" in
  serve | '') exec node dist/src/main.js ;;
  migrate) exec node dist/src/cli/migrate-main.js ;;
  create-admin) shift; exec node dist/src/cli/main.js "$@" ;;
  backup | restore) exec node dist/src/cli/backup-main.js "$@" ;;
  *) exec "$@" ;;
esac
