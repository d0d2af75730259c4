#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation
import SevenGUIsCore
import SevenGUIsUI

// 7GUIs (Examples/SevenGUIs) in real windows:
//
//   A1  opening the Cells window (26 × 100 cells in a recycling table) until its first frame is drawn
//   A2  editing A0 when A1…A99 form a chain A0 → A1 → … → A99: µs per cell re-evaluated (the model and
//       its rows array, no table), and how many cells were re-evaluated
//   A3  editing a cell nothing depends on: µs per edit, and how many cells were re-evaluated
//   A5  editing A0 of the same chain with the Cells table shown: µs per edit, the model's work and the
//       table's (the changed rows reach it as one change, and it shows each again)
//   A4  a Circle Drawer redraw after a model change (the binding writes the canvas's content), against
//       drawing the same circles into a drawing area whose content is set by hand, no binding

/// The 7GUIs figures of one run.
struct SevenGUIsResults {
  /// A1: milliseconds from making the view to the window's first frame, per round.
  var openMilliseconds: [Double] = []
  /// A2: microseconds per cell re-evaluated, per round; the cells re-evaluated per edit of A0.
  var chainMicroseconds: [Double] = []
  var chainCount = 0
  /// A3: microseconds per edit, per round; the cells re-evaluated per edit.
  var loneMicroseconds: [Double] = []
  var loneCount = 0
  /// A5: microseconds per edit of A0 of the chain with the table shown, per round.
  var shownChainMicroseconds: [Double] = []
  /// A4: nanoseconds per redraw, "bound" and "direct".
  var redraw = Rounds()
  /// A4: the circles drawn.
  var circles = 0
}

/// Runs A1–A5.
@MainActor
func measureSevenGUIs(_ options: Options) throws -> SevenGUIsResults {
  var results = SevenGUIsResults()
  let edits = options.isQuick ? 20 : 200

  report("A1: opening the Cells window, \(options.rounds) rounds…")
  for _ in 0..<options.rounds + 1 {
    let start = monotonicNanoseconds()
    let view = CellsView()
    let window = view.makeWindow()
    window.present()
    try check(GTK.iterateMainLoop(until: { gtk_widget_get_mapped(window.widget) != 0 }), "Cells was not shown")
    try check(view.table.waitForNextFrame(), "the Cells table drew no frame")
    let elapsed = Double(monotonicNanoseconds() - start) / 1e6
    try check(view.table.modelCount == CellsModel.rowCount, "the Cells table has \(view.table.modelCount) rows")
    window.destroy()
    settle()
    results.openMilliseconds.append(elapsed)
  }
  results.openMilliseconds.removeFirst()  // the first opening loads the theme and fonts

  report("A2, A3: editing cells of a sheet (the model alone), \(edits) edits × \(options.rounds) rounds…")
  var chain = ["A0": "0"]
  for row in 1..<CellsModel.rowCount { chain["A\(row)"] = "=A\(row - 1)+1" }
  // The model alone: with the table shown, each edit of A0 also makes the table rebind its shown rows,
  // one update per row of the chain, which is the table's cost, not the evaluation's.
  let model = CellsModel(chain)
  let (a0, a99, z50) = (CellAddress("A0")!, CellAddress("A99")!, CellAddress("Z50")!)
  var value = 0
  func edit(_ cell: CellAddress) -> (microseconds: Double, evaluations: Int) {
    timeEdits(edits, of: cell, in: model, counting: &value)
  }
  _ = edit(a0)
  _ = edit(z50)
  for _ in 0..<options.rounds {
    let chained = edit(a0)
    try check(
      model.value(at: a99) == .number(Double(value + 99)), "A99 shows \(model.value(at: a99)), not \(value + 99)")
    results.chainCount = chained.evaluations
    results.chainMicroseconds.append(chained.microseconds / Double(chained.evaluations))
    let lone = edit(z50)
    results.loneCount = lone.evaluations
    results.loneMicroseconds.append(lone.microseconds)
  }
  try check(
    results.chainCount == 100 && results.loneCount == 1, "re-evaluated \(results.chainCount), \(results.loneCount)")

  report("A5: editing A0 of the chain with the table shown, \(edits) edits × \(options.rounds) rounds…")
  let shownModel = CellsModel(chain)
  let cellsView = CellsView(shownModel)
  let cellsWindow = cellsView.makeWindow()
  try show(cellsWindow)
  var shownValue = 0
  _ = timeEdits(edits, of: a0, in: shownModel, counting: &shownValue)
  for _ in 0..<options.rounds {
    results.shownChainMicroseconds.append(timeEdits(edits, of: a0, in: shownModel, counting: &shownValue).microseconds)
  }
  let a99Label = cellsView.table.widget(showing: TableCell(row: 99, column: "A")) as? Label
  try check(a99Label?.text == "\(shownValue + 99)", "A99 shows \(a99Label?.text ?? "nothing"), not \(shownValue + 99)")
  cellsWindow.destroy()
  settle()

  report("A4: Circle Drawer redraws, \(edits) × \(options.rounds) rounds…")
  let drawer = CircleDrawerModel()
  for index in 0..<20 { drawer.click(x: Double(30 + (index % 5) * 80), y: Double(30 + (index / 5) * 70)) }
  results.circles = drawer.circles.count
  let drawerView = CircleDrawerView(drawer)
  let drawerWindow = drawerView.makeWindow()
  try show(drawerWindow)
  let (width, height) = drawerView.canvas.allocatedSize
  let direct = DrawingArea<([Circle], Int?)>(initial: ([], nil)) { context, state, _ in
    context.paint(.white)
    for (index, circle) in state.0.enumerated() {
      context.circle(center: Point(x: circle.x, y: circle.y), radius: circle.diameter / 2)
      if index == state.1 { context.fillPreserve(.gray) }
      context.stroke(.black, lineWidth: 1)
    }
  }
  let directWindow = Window(title: "Circles, no binding")
  directWindow.child = direct.sizeRequest(width: width, height: height)
  try show(directWindow)
  let first = drawer.circles[0]
  results.redraw = try alternateRounds(
    rounds: options.rounds,
    [
      (
        "bound",
        {
          try timeRedraws(edits, of: drawerView.canvas) { index in
            drawer.hover(x: index % 2 == 0 ? first.x : 0, y: first.y)
          }
        }
      ),
      (
        "direct",
        {
          try timeRedraws(edits, of: direct) { index in
            direct.content = (drawer.circles, index % 2 == 0 ? 0 : nil)
          }
        }
      ),
    ])
  try check(drawerView.canvas.content.1 == drawer.selected, "the bound canvas does not show the selection")
  drawerWindow.destroy()
  directWindow.destroy()
  settle()
  return results
}

/// Sets `cell` of `model` to a new number `count` times (`value` counts them); returns µs per edit
/// and the cells re-evaluated per edit.
@MainActor
private func timeEdits(
  _ count: Int, of cell: CellAddress, in model: CellsModel, counting value: inout Int
) -> (microseconds: Double, evaluations: Int) {
  let before = model.evaluationCount
  let first = value
  let elapsed = nanoseconds {
    for offset in 1...count { model.setFormula(String(first + offset), at: cell) }
  }
  value += count
  return (elapsed / 1_000 / Double(count), (model.evaluationCount - before) / count)
}

/// Runs every variant once untimed, then `rounds` rounds of all of them, the order rotated each round.
@MainActor
private func alternateRounds(rounds: Int, _ variants: [(String, () throws -> Double)]) throws -> Rounds {
  for (_, run) in variants { _ = try run() }
  var result = Rounds()
  for round in 0..<rounds {
    for index in variants.indices {
      let (name, run) = variants[(index + round) % variants.count]
      result.samples[name, default: []].append(try run())
    }
  }
  return result
}

/// Nanoseconds per redraw of `widget`, each after `change(index)`: the widget snapshotted by its
/// parent, as a frame does, and the node rendered into a texture by the window's renderer.
@MainActor
private func timeRedraws(_ count: Int, of widget: Widget, after change: (Int) -> Void) throws -> Double {
  guard let native = gtk_widget_get_native(widget.widget), let renderer = gtk_native_get_renderer(native) else {
    throw BenchmarkFailure(description: "the canvas is not shown")
  }
  guard let parent = gtk_widget_get_parent(widget.widget) else {
    throw BenchmarkFailure(description: "the canvas has no parent")
  }
  var drawn = 0
  let elapsed = nanoseconds {
    for index in 0..<count {
      change(index)
      // As a frame draws it: the parent snapshots the child, which draws again since its content changed.
      let snapshot = gtk_snapshot_new()!
      gtk_widget_snapshot_child(parent, widget.widget, snapshot)
      guard let node = gtk_snapshot_free_to_node(snapshot) else { continue }
      if let texture = gsk_renderer_render_texture(renderer, node, nil) {
        drawn += 1
        g_object_unref(UnsafeMutableRawPointer(texture))
      }
      gsk_render_node_unref(node)
    }
  }
  try check(drawn == count, "\(count - drawn) redraws drew nothing")
  return elapsed / Double(count)
}

/// Prints A1–A5 as a markdown table.
func printSevenGUIsReport(_ results: SevenGUIsResults, options: Options) {
  let redraw = results.redraw
  let ratioRedraw = redraw.medianRatio("bound", to: "direct")
  report("### 7GUIs (Examples/SevenGUIs)")
  report()
  report("Medians over \(options.rounds) rounds.")
  report()
  report("| scenario | measured | bindings | baseline | bindings / baseline |")
  report("|---|---|---:|---:|---:|")
  report(
    "| A1 | opening the Cells window (26 × 100 cells, recycling table) until its first frame (ms) | "
      + "\(formatted(median(results.openMilliseconds), digits: 1)) | n/a | n/a |")
  report(
    "| A2 | editing A0 of the chain A0 → A1 → … → A99: µs per cell re-evaluated (the model and its rows array, no table); "
      + "\(results.chainCount) cells re-evaluated per edit | \(formatted(median(results.chainMicroseconds), digits: 2)) "
      + "| n/a | n/a |")
  report(
    "| A3 | editing a cell nothing depends on: µs per edit; \(results.loneCount) cell re-evaluated | "
      + "\(formatted(median(results.loneMicroseconds), digits: 2)) | n/a | n/a |")
  report(
    "| A5 | editing A0 of the chain with the Cells table shown: µs per edit (the model, then the table shows the "
      + "changed rows again) | \(formatted(median(results.shownChainMicroseconds), digits: 1)) | n/a | n/a |")
  report(
    "| A4 | Circle Drawer, \(results.circles) circles: a redraw after a model change (µs); baseline: the same "
      + "circles drawn with the content set by hand, no binding | \(formatted(redraw.median("bound") / 1_000, digits: 1)) "
      + "| \(formatted(redraw.median("direct") / 1_000, digits: 1)) | \(ratio(ratioRedraw)) |")
  report()
  report(
    "- A4 a bound redraw at most 1.2× the same drawing without a binding: \(ratio(ratioRedraw)) — "
      + (ratioRedraw <= 1.2 ? "**met**" : "**missed**"))
}
#endif
