// 7GUIs, the GUI programming benchmark's seven tasks, each a view model (SevenGUIsCore) and a view
// bound to it (SevenGUIsUI).
//
//   swift run --traits GTK SevenGUIs                                 # every task, in a sidebar
//   swift run --traits GTK SevenGUIs cells                           # one task in its own window
//   swift run --traits GTK SevenGUIs timer --screenshot timer.png    # draws the task to a PNG and quits
//
// Tasks: counter, temperature, flight-booker, timer, crud, circle-drawer, cells.
#if GTK
import Bindings
import BindingsGTK
import Foundation
import SevenGUIsCore
import SevenGUIsUI

let arguments = Array(CommandLine.arguments.dropFirst())
let screenshot = arguments.firstIndex(of: "--screenshot").flatMap { arguments.dropFirst($0 + 1).first }
let taskName = arguments.first { !$0.hasPrefix("--") && $0 != screenshot }
guard taskName == nil || SevenGUIsTask(rawValue: taskName!) != nil else {
  print(
    "SevenGUIs: unknown task \(taskName!); one of \(SevenGUIsTask.allCases.map(\.rawValue).joined(separator: ", "))")
  exit(2)
}

/// Puts the task in a state that shows its bindings, and says when it is there.
@MainActor
func prepare(_ view: any TaskView) -> () -> Bool {
  switch view {
  case let view as CounterView:
    for _ in 0..<3 { view.button.click() }
    return { view.count.text == "3" }
  case let view as TemperatureView:
    view.celsius.text = "37"
    view.fahrenheit.text = "98.6x"
    return { view.fahrenheit.hasCSSClass("error") }
  case let view as FlightBookerView:
    view.kind.selected = 1
    view.back.text = "30.02.2027"
    return { view.back.hasCSSClass("error") && !view.book.isSensitive }
  case let view as TimerView:
    view.duration.adjustment.value = 4
    return { view.gauge.fraction >= 0.5 }
  case let view as CRUDView:
    view.name.text = "Ada"
    view.surname.text = "Lovelace"
    view.create.click()
    view.prefix.text = "L"
    return { view.list.modelCount == 1 && view.update.isSensitive }
  case let view as CircleDrawerView:
    for (x, y) in [(80.0, 80.0), (150, 120), (240, 90), (300, 200)] { view.model.click(x: x, y: y) }
    view.model.hover(x: 152, y: 118)
    return { view.model.selected == 1 }
  case let view as CellsView:
    return { view.table.modelCount == CellsModel.rowCount }
  default:
    return { true }
  }
}

do {
  try GTKApplication.run { application in
    let window: Window
    let shown: any TaskView
    if let taskName, let task = SevenGUIsTask(rawValue: taskName) {
      shown = task.makeView()
      window = shown.makeWindow()
    } else {
      let stack = Stack()
      let views = SevenGUIsTask.allCases.map { $0.makeView() }
      for (task, view) in zip(SevenGUIsTask.allCases, views) {
        stack.addPage(
          view.root.align(horizontal: .start, vertical: .start), name: task.rawValue, title: type(of: view).title)
      }
      shown = views[0]
      window = Window(title: "7GUIs", width: 900, height: 560)
      window.child = Box(.horizontal, spacing: 0, [StackSidebar(stack), stack.expand(horizontally: true)])
    }
    window.present()
    guard let screenshot else { return }
    let isReady = prepare(shown)
    guard GTK.iterateMainLoop(until: isReady, timeout: .seconds(10)) else {
      print("SevenGUIs: \(type(of: shown).title) did not reach the state to draw within 10 s")
      exit(1)
    }
    do {
      try window.renderSnapshot().savePNG(to: screenshot)
      print("SevenGUIs: saved \(screenshot)")
    } catch {
      print("SevenGUIs: \(error)")
      exit(1)
    }
    // Quit from the loop: `run` starts it after this closure returns.
    DispatchQueue.main.async { application.quit() }
  }
} catch {
  print("SevenGUIs: \(error)")
  exit(1)
}
#else
print("SevenGUIs needs GTK 4: swift run --traits GTK SevenGUIs (apt install libgtk-4-dev)")
#endif
