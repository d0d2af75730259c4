#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A window's view model, as an app writes it: held by nothing but the bindings into it.
final class AppCounterModel: BindingOwner {
  let bindings = BindingBag()
  @Published var count = 0
}

/// A window built in a function, as an app builds it, and what a test needs to look at afterwards.
@MainActor
struct AppCounterWindow {
  let window: Window
  let button: Button
  let label: Label
  weak var model: AppCounterModel?
  /// The line of the `~>` into the model.
  let bindingLine: Int
}

/// Builds a counter window whose model only its bindings hold, unless `keepingModel`.
@MainActor
func makeAppCounterWindow(keepingModel: Bool) -> AppCounterWindow {
  let model = AppCounterModel()
  let label = Label()
  let add = Button("Add one")
  label.reactive.text <~ model.$count.map { "Count: \($0)" }
  let bindingLine = #line + 1
  add.reactive.clicked ~> (model, { model, _ in model.count += 1 })
  let window = Window(title: "Counter")
  window.child = Box(.vertical, spacing: 4, [label, add])
  if keepingModel { window.keepAlive(model) }
  window.present()
  return AppCounterWindow(window: window, button: add, label: label, model: model, bindingLine: bindingLine)
}

/// The diagnostics reported while a test observes them (on GTK's thread only).
final class AppDiagnosticLog: @unchecked Sendable {
  private(set) var messages: [String] = []

  func observe(_ body: () -> Void) {
    Diagnostics.observing({ [self] message in messages.append(message) }, during: body)
  }
}

/// A window owning its view model (`keepAlive`), and the debug-build report of a view model freed
/// while the widgets bound into it are still on screen.
final class AppLifetimeTests: GTKTestCase {
  #if DEBUG
  func testAModelFreedWhileItsWindowIsOpenIsReportedWithItsTypeAndTheLineOfTheBinding() {
    onMain {
      let log = AppDiagnosticLog()
      var built: AppCounterWindow?
      log.observe {
        built = makeAppCounterWindow(keepingModel: false)
        GTK.drainMainLoop()  // the check runs on the loop's next turn
      }
      let counter = built!
      show(counter.window)

      // The trap: the function returned, and the model went with it; the window shows on.
      XCTAssertNil(counter.model)
      XCTAssertEqual(counter.label.text, "Count: 0")
      counter.button.click()
      XCTAssertEqual(counter.label.text, "Count: 0", "the click reached nothing")

      XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
      let message = log.messages.first ?? ""
      XCTAssertTrue(message.contains("AppCounterModel"), message)
      XCTAssertTrue(message.contains("GtkButton::clicked"), message)
      XCTAssertTrue(message.contains("AppLifetimeTests.swift:\(counter.bindingLine)"), message)
      XCTAssertTrue(message.contains("keepAlive"), message)
    }
  }

  func testNoReportWhenTheBindingEndsFirstTheWindowClosesFirstOrTheOwnerIsAWidget() {
    onMain {
      let log = AppDiagnosticLog()
      log.observe {
        let button = Button("Go")
        let window = Window(title: "Quiet")
        window.child = button
        show(window)

        // A token cancelled by hand, then the model freed: the binding had already ended.
        var cancelled: AppCounterModel? = AppCounterModel()
        let token = button.reactive.clicked ~> (cancelled!, { model, _ in model.count += 1 })
        token.cancel()
        cancelled = nil

        // A widget bound into another widget, freed while the window shows the button.
        var label: Label? = Label()
        button.reactive.clicked ~> (label!, { label, _ in label.text = "clicked" })
        label = nil

        // A model freed after its window closed.
        var model: AppCounterModel? = AppCounterModel()
        button.reactive.clicked ~> (model!, { model, _ in model.count += 1 })
        window.destroy()
        GTK.drainMainLoop()
        model = nil
        GTK.drainMainLoop()  // a report would come on the loop's next turn
      }
      XCTAssertEqual(log.messages, [])
    }
  }

  func testNoReportWhenADialogBoundIntoTheModelIsDestroyedWithTheWindowThatKeptTheModel() {
    onMain {
      let log = AppDiagnosticLog()
      weak var weakModel: AppCounterModel?
      weak var weakDialog: Window?
      log.observe {
        // Built as an app builds it: only GTK holds the widgets, the view keeps the model.
        let window: Window = {
          let model = AppCounterModel()
          let window = Window(title: "Main")
          let content = Label("Main")
          window.child = content
          content.keepAlive(model)
          show(window)
          let dialog = Window(title: "Dialog")
          let slider = Scale(range: 0...10, step: 1)
          dialog.child = slider
          slider.reactive.value ~> (model, { model, value in model.count = Int(value) })
          dialog.reactive.closeRequest ~> (model, { model, _ in model.count = -1 })
          dialog.present(over: window)
          (weakModel, weakDialog) = (model, dialog)
          return window
        }()
        GTK.drainMainLoop()
        XCTAssertNotNil(weakModel, "the view keeps the model")
        // The main window goes first, while its dialog is open (as closing an app does): the
        // model goes with its view, and the dialog, destroyed with its parent, shows nothing from it.
        window.destroy()
        GTK.drainMainLoop()
        waitUntil("the dialog is gone") { weakDialog == nil }
      }
      XCTAssertNil(weakModel)
      XCTAssertEqual(log.messages, [], "a dialog destroyed with its parent was reported as still on screen")
    }
  }
  #endif

  func testAWindowKeepingItsModelReachesItAfterTheBuildingFunctionReturns() {
    onMain {
      let log = AppDiagnosticLog()
      var built: AppCounterWindow?
      log.observe {
        built = makeAppCounterWindow(keepingModel: true)
        GTK.drainMainLoop()
      }
      let counter = built!
      show(counter.window)

      XCTAssertNotNil(counter.model)
      XCTAssertTrue(counter.window.keepsAlive(counter.model!))
      counter.button.click()
      counter.button.click()
      XCTAssertEqual(counter.model?.count, 2)
      XCTAssertEqual(counter.label.text, "Count: 2")
      XCTAssertEqual(log.messages, [])
    }
  }

  func testClosingTheWindowReleasesTheKeptModelAndEverythingElse() {
    onMain {
      let before = GTKLiveObjects.total
      weak var weakModel: AppCounterModel?
      weak var weakWindow: Window?
      weak var weakButton: Button?
      do {
        let counter = makeAppCounterWindow(keepingModel: true)
        show(counter.window)
        counter.button.click()
        XCTAssertEqual(counter.model?.count, 1)
        (weakModel, weakWindow, weakButton) = (counter.model, counter.window, counter.button)
      }
      XCTAssertNotNil(weakModel, "the open window keeps its model")

      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakModel, "closing the window released the model")
      XCTAssertNil(weakButton)
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
    }
  }

  /// The advice of `keepAlive`'s doc: a view that holds its own widgets is kept on its window, whose
  /// closing disposes it and so breaks the cycle through the view.
  func testAViewKeptOnItsWindowIsReleasedWhenTheWindowCloses() {
    @MainActor final class CounterView {
      let root = Box(.vertical, spacing: 4, [])
      let label = Label()
      let model = AppCounterModel()
      init() {
        root.append(label)
        label.reactive.text <~ model.$count.map { "Count: \($0)" }
      }
    }
    onMain {
      let before = GTKLiveObjects.total
      weak var weakView: CounterView?
      weak var weakWindow: Window?
      do {
        let view = CounterView()
        let window = Window(title: "View")
        window.child = view.root
        window.keepAlive(view)
        window.present()
        show(window)
        view.model.count = 2
        GTK.drainMainLoop()
        XCTAssertEqual(view.label.text, "Count: 2")
        (weakView, weakWindow) = (view, window)
      }
      XCTAssertNotNil(weakView, "the open window keeps the view")
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakView, "closing the window released the view, its widgets and its model")
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
    }
  }

  func testKeepingSeveralObjectsKeepsEachOnceAndADestroyedWidgetKeepsNothing() {
    onMain {
      weak var first: AppCounterModel?
      weak var second: AppCounterModel?
      let window = Window(title: "Several")
      do {
        let one = AppCounterModel()
        let two = AppCounterModel()
        window.keepAlive(one)
        window.keepAlive(one)
        window.keepAlive(two)
        (first, second) = (one, two)
      }
      XCTAssertNotNil(first)
      XCTAssertNotNil(second)
      XCTAssertEqual(window.keptAlive.count, 2, "the same object twice is kept once")

      window.destroy()
      GTK.drainMainLoop()
      XCTAssertNil(first, "destroying the window released what it kept")
      XCTAssertNil(second)

      let log = AppDiagnosticLog()
      weak var late: AppCounterModel?
      log.observe {
        let model = AppCounterModel()
        late = model
        window.keepAlive(model)
      }
      XCTAssertNil(late, "a destroyed window keeps nothing")
      XCTAssertEqual(log.messages.count, 1)
      XCTAssertTrue(log.messages.first?.contains("kept nothing") ?? false, "\(log.messages)")
    }
  }
}
#endif
