#!/bin/sh
# Moves reports older than 30 days out of the way (an example: it only prints what it would do).
echo "archiving reports older than 30 days"
exit 0
