# Sourced by the hostile-growth scripts: one row of their tables. Not run by `make bench-hostile`
# (it runs the executable scripts of the folder above only).

# row NAME SIZE BYTES BEST_MICROSECONDS PREVIOUS_MICROSECONDS: the case, its size, its input's
# bytes, the best time in seconds and its ratio to the previous size's ("-" for the first).
row() {
  local ratio seconds
  ratio=$(awk -v now="$4" -v before="$5" 'BEGIN { if (before == "" || before == 0) print "-"; else printf "%.2f", now / before }')
  seconds=$(awk -v micro="$4" 'BEGIN { printf "%.3f", micro / 1e6 }')
  printf '%-28s %12d %12d %10s %7s\n' "$1" "$2" "$3" "$seconds" "$ratio"
}

# over NAME SIZE BYTES LIMIT: the row of a size that ran past the script's limit.
over() {
  printf '%-28s %12d %12d %10s %7s\n' "$1" "$2" "$3" ">$4" "-"
}

# heading SIZE_TITLE BYTES_TITLE: the table's first line.
heading() {
  printf '%-28s %12s %12s %10s %7s\n' case "$1" "$2" seconds ratio
}
