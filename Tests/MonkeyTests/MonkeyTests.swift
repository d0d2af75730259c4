#if GTK
import Bindings
import BindingsGTK
import GTKTestSupport
import MonkeyEngine
import XCTest

/// The monkey's engine on the example apps, and on an app with a planted fault: a clean run finds
/// nothing, a broken binding is caught and shrunk to the steps that matter.
final class MonkeyTests: GTKTestCase {
  func testBothAppsPassAFewHundredRandomActions() {
    onMain {
      for name in MonkeyApps.names {
        let monkey = Monkey(app: name, log: { _ in }, make: MonkeyApps.make(name)!)
        monkey.reopenEvery = 100
        let report = monkey.run(seed: 20_261_127, actions: 300, shrinks: false)
        XCTAssertEqual(report.failures.map(\.description), [], report.summary)
        XCTAssertEqual(report.actions, 300, report.summary)
        XCTAssertEqual(report.liveObjects.end, report.liveObjects.start, report.summary)
      }
    }
  }

  func testTheCheckerCatchesABrokenBindingAndTheShrinkerKeepsOnlyTheStepsThatMatter() throws {
    try onMain {
      let monkey = Monkey(app: "broken counter", log: { _ in }) { BrokenCounter() }
      let report = monkey.run(seed: 7, actions: 200)
      XCTAssertEqual(report.failures.count, 1, report.summary)
      let failure = try XCTUnwrap(report.failures.first)
      XCTAssertEqual(failure.problems, ["the count shows 2, its model says 3"])
      XCTAssertEqual(failure.action, "click Count")
      XCTAssertLessThan(failure.step, 200, "the run stops at the failure")
      XCTAssertEqual(report.shortestPrefix, failure.step, "no shorter prefix fails")
      let reproduction = try XCTUnwrap(report.reproduction)
      XCTAssertEqual(reproduction.map(\.action), ["click Count", "click Count", "click Count"])
      XCTAssertLessThan(reproduction.count, failure.step, "the idle steps are left out")
      XCTAssertEqual(reproduction.last?.step, failure.step)

      let replay = monkey.replay(seed: 7, steps: reproduction.map(\.step))
      XCTAssertEqual(replay.failures.map(\.description), [failure.description], "the reproduction fails again")
      XCTAssertTrue(report.summary.hasPrefix("monkey: broken counter seed 7 \(failure.step) actions 1 failures rss "))
    }
  }

  /// A diagnostic made on a later turn of GTK's loop (the report of a view model freed while its
  /// window is open is made from the main queue) fails the step that caused it, not a later one.
  func testADiagnosticMadeOnALaterTurnOfTheLoopFailsTheStep() throws {
    #if DEBUG
    try onMain {
      let monkey = Monkey(app: "forgetful counter", log: { _ in }) { ForgetfulCounter() }
      let report = monkey.run(seed: 11, actions: 200, shrinks: false)
      XCTAssertEqual(report.failures.count, 1, report.summary)
      let failure = try XCTUnwrap(report.failures.first)
      XCTAssertEqual(failure.action, "forget the model")
      XCTAssertEqual(failure.problems.count, 1, "\(failure.problems)")
      let problem = failure.problems.first ?? ""
      XCTAssertTrue(
        problem.hasPrefix("unexpected diagnostic: BindingsGTK: a ForgetfulCounter.Model was deallocated"), problem)
      XCTAssertFalse(problem.contains("unknown context"), "a private type is named as written: \(problem)")
      XCTAssertTrue(problem.contains("GtkButton::clicked"), problem)
    }
    #endif
  }
}

/// A counter whose window holds its model only through its bindings, and which now and then drops
/// the model while the window is open: the planted fault is the library's report of that.
@MainActor
private final class ForgetfulCounter: MonkeyApp {
  final class Model: BindingOwner {
    let bindings = BindingBag()
    @Published var count = 0
  }

  private var model: Model?
  private var button: Button?
  private var window: Window?

  func open() {
    let model = Model()
    let button = Button("Count")
    button.reactive.clicked ~> (model, { model, _ in model.count += 1 })
    let window = Window(title: "Forgetful counter")
    window.child = button
    window.present()
    (self.model, self.button, self.window) = (model, button, window)
  }

  func close() {
    window?.destroy()
    (model, button, window) = (nil, nil, nil)
  }

  var isBusy: Bool { false }

  func act(_ random: inout MonkeyRandom) -> String {
    guard let button, model != nil else { return "look at the window" }
    if random.below(5) == 0 {
      model = nil
      return "forget the model"
    }
    button.click()
    return "click Count"
  }

  func violations() -> [String] { [] }
}

/// A counter whose label misses the count 3: the planted fault.
@MainActor
private final class BrokenCounter: MonkeyApp {
  final class Model: BindingOwner {
    let bindings = BindingBag()
    @Published var count = 0
  }

  private var model = Model()
  private var label = Label()
  private var window: Window?

  func open() {
    model = Model()
    label = Label()
    let button = Button("Count")
    label.reactive.text <~ model.$count.filter { $0 != 3 }.map(String.init)
    button.reactive.clicked ~> (model, { model, _ in model.count += 1 })
    let window = Window(title: "Broken counter")
    window.child = Box(.horizontal, spacing: 8, [label, button])
    window.keepAlive(model)
    window.present()
    self.window = window
  }

  func close() {
    window?.destroy()
    window = nil
  }

  var isBusy: Bool { false }

  func act(_ random: inout MonkeyRandom) -> String {
    guard random.weighted([1, 2]) == 0, let button = window.flatMap({ mappedButtons(in: $0) })?.first else {
      return "look at the window"
    }
    button.click()
    return "click Count"
  }

  func violations() -> [String] {
    var problems: [String] = []
    expect(&problems, "the count", shows: label.text, model: "\(model.count)")
    return problems
  }

  private func mappedButtons(in window: Window) -> [Button] {
    ((window.child as? Box)?.children ?? []).compactMap { $0 as? Button }
  }
}
#endif
