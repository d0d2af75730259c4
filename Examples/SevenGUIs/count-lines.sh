#!/usr/bin/env bash
# Lines of code per 7GUIs task, counted as the published comparisons count them: non-blank lines that
# are not comments (doc comments included), in the task's view model and view; tests excluded.
#   Examples/SevenGUIs/count-lines.sh        # prints a Markdown table
set -euo pipefail
cd "$(dirname "$0")/.."
count() { cat "$@" | grep -vE '^[[:space:]]*(//.*)?$' | wc -l; }
total=0
printf '| task | view model | view | total |\n|---|---:|---:|---:|\n'
for task in Counter:Counter Temperature:Temperature FlightBooker:FlightBooker Timer:Timer CRUD:CRUD \
  CircleDrawer:CircleDrawer Cells:Cells; do
  core=${task%%:*} view=${task##*:}
  model_lines=$(count SevenGUIsCore/"$core"*.swift)
  view_lines=$(count SevenGUIsUI/"$view"View.swift)
  total=$((total + model_lines + view_lines))
  printf '| %s | %d | %d | %d |\n' "$core" "$model_lines" "$view_lines" $((model_lines + view_lines))
done
shared=$(count SevenGUIsUI/TaskView.swift SevenGUIsUI/SevenGUIsTask.swift SevenGUIs/main.swift)
printf '| all seven | | | **%d** |\n' "$total"
printf '| the app around them (task list, sidebar, screenshots) | | | %d |\n' "$shared"
