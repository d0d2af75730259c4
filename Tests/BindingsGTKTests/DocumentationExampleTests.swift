#if GTK
import Bindings
import BindingsGTK
import CGTK
import Foundation
import XCTest

// The example of the article "Binding GTK widgets" (Sources/BindingsGTK/BindingsGTK.docc/BindingGTKWidgets.md),
// as it appears there: the view model, the window, and a widget the module does not wrap. The module is
// imported without @testable, so the example uses nothing but the public API. Keep the two in sync.

// MARK: The article's example

/// The greeter's state and behaviour: plain Swift, with no GTK in it.
///
/// `@unchecked Sendable` because a background task writes `progress`: apart from the bag, every
/// stored property is a `@Published`, whose storage is safe to use from any thread.
final class GreeterViewModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var name = "Ada"
  @Published var isFormal = false
  @Published var progress = 0.0
  @Published private(set) var recipients: [String] = []

  /// What the label shows, derived from the name and the tone.
  var greeting: AnyPublisher<String, Never> {
    $name.combineLatest($isFormal)
      .map { name, isFormal in
        if name.isEmpty { return "Who is there?" }
        return isFormal ? "Good day, \(name)." : "Hello, \(name)!"
      }
      .eraseToAnyPublisher()
  }

  /// Whether there is anyone to greet.
  var canSend: AnyPublisher<Bool, Never> {
    $name.map { !$0.isEmpty }.eraseToAnyPublisher()
  }

  /// Sends the greeting. The progress comes from a background task, as a network call's would.
  func send() {
    recipients.append(name)
    progress = 0
    Task.detached { [self] in
      for step in 1...10 {
        try? await Task.sleep(for: .milliseconds(20))
        progress = Double(step) / 10
      }
    }
  }
}

/// Builds the greeter's window. Nothing needs to be kept: the window holds its widgets, and each
/// widget holds its bindings.
@MainActor
func makeGreeterWindow(for model: GreeterViewModel) -> Window {
  let nameField = Entry(placeholder: "Your name")
  let greeting = Label()
  let formal = Switch()
  let send = Button("Send")
  let progress = ProgressBar()

  nameField.reactive.text <~> model.$name
  greeting.reactive.text <~ model.greeting
  formal.reactive.isActive <~> model.$isFormal
  send.reactive.isSensitive <~ model.canSend
  send.reactive.clicked ~> (model, { model, _ in model.send() })
  progress.reactive.fraction <~ model.$progress

  let window = Window(title: "Greeter", width: 320)
  window.child = Box(
    .vertical,
    spacing: 8,
    [nameField, greeting, Box(.horizontal, spacing: 8, [Label("Formal"), formal]), send, progress]
  )
  return window
}

/// A month calendar (`GtkCalendar`), which the module does not wrap.
@MainActor
final class MonthCalendar: Widget {
  init() {
    super.init(gtk_calendar_new(), ownership: .transferred)
  }

  /// The calendar as GTK's `GtkCalendar *`.
  var calendar: OpaquePointer { opaque }

  /// Whether the week numbers are shown.
  var showsWeekNumbers: Bool {
    get { gtk_calendar_get_show_week_numbers(calendar) != 0 }
    set { gtk_calendar_set_show_week_numbers(calendar, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: MonthCalendar {
  /// Whether the week numbers are shown: a target, a source and a side of `<~>`.
  var showsWeekNumbers: BindingEndpoint<Base, Bool> {
    property("show-week-numbers", get: { $0.showsWeekNumbers }, set: { $0.showsWeekNumbers = $1 })
  }

  /// One `Void` each time the selected day of the month changes (GTK does not emit
  /// `day-selected` for a new month or year alone).
  var daySelected: SignalPublisher<Void> {
    signal("day-selected")
  }
}

// MARK: The tests

/// Runs the article's example in a real window and reads back, through GTK's own getters, what the
/// widgets show after they are driven as a user would drive them. The tests also check what the
/// article says of threading and lifetimes.
// The article's list example, as it appears there ("Lists from observable arrays"). `Person` is
// the one of ListViewTests.swift, the same declaration as the article's.
@MainActor
func makePeopleList(showing people: MutableObservableArray<Person>) -> ScrolledWindow {
  let list = ListView<Person>(
    makeRow: { Box(.horizontal, spacing: 6, [Label("•"), Label()]) },
    bindRow: { row, person in
      let name = row.children[1] as! Label
      name.reactive.text <~ person.$name
    }
  )
  list.reactive.items <~ people
  return ScrolledWindow(list)
}

// The article's table example, as it appears there ("Tables").
/// A person is the same row while it is the same object.
extension Person: Equatable {
  static func == (lhs: Person, rhs: Person) -> Bool { lhs === rhs }
}

final class PeopleModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  let people = MutableObservableArray<Person>()
  @Published private(set) var sortOrder: ColumnSortOrder?

  func sort(by order: ColumnSortOrder?) {
    sortOrder = order
    guard let order else { return }
    let sorted = people.contents.sorted { order.ascending ? $0.name < $1.name : $0.name > $1.name }
    people.replace(with: sorted, identifiedBy: { ObjectIdentifier($0) })
  }
}

@MainActor
func makePeopleTable(for model: PeopleModel) -> ScrolledWindow {
  let table = ColumnView<Person>(columns: [
    .init(
      title: "Name", id: "name", expands: true, sortable: true,
      makeCell: { EditableLabel() },
      bindCell: { cell, person in cell.reactive.text <~> person.$name })
  ])
  table.reactive.items <~ model.people
  table.reactive.sortOrder ~> (model, { model, order in model.sort(by: order) })
  table.reactive.sortOrder <~ model.$sortOrder
  return ScrolledWindow(table)
}

final class DocumentationExampleTests: GTKTestCase {
  func testTheArticlesTableSortsThroughTheModelAndEditsReachThePeople() {
    onMain {
      let model = PeopleModel()
      model.people.append(contentsOf: [Person(name: "Grace"), Person(name: "Ada")])
      let window = Window(title: "People", width: 300, height: 200)
      window.child = makePeopleTable(for: model)
      show(window)
      guard let table = (window.child as? ScrolledWindow)?.child as? ColumnView<Person> else {
        return XCTFail("no table")
      }
      table.sortOrder = ColumnSortOrder(column: "name", ascending: true)  // as a header click does
      XCTAssertEqual(model.sortOrder, ColumnSortOrder(column: "name"))
      waitUntil("the table is sorted") { table.items.map(\.name) == ["Ada", "Grace"] }
      table.waitForNextFrame()
      let cells = editableLabels(in: table)
      XCTAssertEqual(cells.map(\.text), ["Ada", "Grace"])
      cells[0].isEditing = true
      cells[0].text = "Ada Lovelace"
      cells[0].isEditing = false
      XCTAssertEqual(model.people[0].name, "Ada Lovelace")
    }
  }

  func testTheArticlesListShowsPeopleAndFollowsTheirNames() {
    onMain {
      let people = MutableObservableArray([Person(name: "Ada"), Person(name: "Grace")])
      let window = Window(title: "People", width: 200, height: 200)
      window.child = makePeopleList(showing: people)
      show(window)
      guard let list = (window.child as? ScrolledWindow)?.child else { return XCTFail("no list") }
      list.waitForNextFrame()
      XCTAssertEqual(labels(in: list).filter { $0 != "•" }, ["Ada", "Grace"])
      people[0].name = "Ada Lovelace"
      people.append(Person(name: "Edsger"))
      list.waitForNextFrame()
      XCTAssertEqual(labels(in: list).filter { $0 != "•" }, ["Ada Lovelace", "Grace", "Edsger"])
    }
  }

  func testTheGreeterWindowFollowsItsViewModel() {
    onMain {
      let model = GreeterViewModel()
      let window = makeGreeterWindow(for: model)
      show(window)
      let (nameField, greeting, formal, send, progress) = widgets(of: window)

      // The starting values come from the view model.
      XCTAssertEqual(String(cString: gtk_editable_get_text(nameField.editable)), "Ada")
      XCTAssertEqual(String(cString: gtk_label_get_text(greeting.label)), "Hello, Ada!")
      XCTAssertEqual(gtk_switch_get_active(formal.opaque), 0)
      XCTAssertEqual(gtk_widget_get_sensitive(send.widget), 1)
      XCTAssertEqual(gtk_progress_bar_get_fraction(progress.opaque), 0)

      // Typing reaches the model, and the derived greeting follows.
      gtk_editable_set_text(nameField.editable, "Grace")
      XCTAssertEqual(model.name, "Grace")
      XCTAssertEqual(String(cString: gtk_label_get_text(greeting.label)), "Hello, Grace!")

      // The switch changes the tone.
      gtk_switch_set_active(formal.opaque, 1)
      XCTAssertTrue(model.isFormal)
      XCTAssertEqual(String(cString: gtk_label_get_text(greeting.label)), "Good day, Grace.")

      // No name: no greeting, and the button cannot be pressed.
      gtk_editable_set_text(nameField.editable, "")
      XCTAssertEqual(String(cString: gtk_label_get_text(greeting.label)), "Who is there?")
      XCTAssertEqual(gtk_widget_get_sensitive(send.widget), 0)

      // The model's own changes reach the field and the button.
      model.name = "Ada"
      XCTAssertEqual(String(cString: gtk_editable_get_text(nameField.editable)), "Ada")
      XCTAssertEqual(gtk_widget_get_sensitive(send.widget), 1)
      model.isFormal = false
      XCTAssertEqual(gtk_switch_get_active(formal.opaque), 0)

      // A click reaches the model; the progress, sent from a background task, reaches the bar on
      // GTK's thread (in a debug build, a write from another thread would stop the test).
      send.click()
      XCTAssertEqual(model.recipients, ["Ada"])
      waitUntil("the progress bar is full") { gtk_progress_bar_get_fraction(progress.opaque) == 1 }
      XCTAssertEqual(model.progress, 1)
    }
  }

  func testTheProgramRunsUntilItsLastWindowCloses() throws {
    try onMain {
      let model = GreeterViewModel()
      var closed = false
      try GTKApplication.run { _ in
        let window = makeGreeterWindow(for: model)
        window.present()
        // Work queued on the main queue runs inside GTK's loop.
        DispatchQueue.main.async {
          window.close()
          closed = true
        }
      }
      XCTAssertTrue(closed)
    }
  }

  /// Lifetimes, rules 2 and 4.
  func testClosingTheWindowReleasesItsWidgetsAndBindings() {
    onMain {
      let model = GreeterViewModel()
      weak var weakWindow: Window?
      weak var weakGreeting: Label?
      weak var weakSend: Button?
      do {
        let window = makeGreeterWindow(for: model)
        show(window)
        let (_, greeting, _, send, _) = widgets(of: window)
        weakWindow = window
        weakGreeting = greeting
        weakSend = send
      }
      // Nothing in Swift holds the widgets: the open window keeps them, and their bindings.
      XCTAssertNotNil(weakGreeting)
      model.name = "Grace"
      XCTAssertEqual(String(cString: gtk_label_get_text(weakGreeting!.label)), "Hello, Grace!")
      XCTAssertEqual(model.bindings.count, 1)  // the button's clicks

      weakWindow?.close()
      waitUntil("the window has closed") { g_list_model_get_n_items(gtk_window_get_toplevels()) == 0 }
      GTK.drainMainLoop()
      XCTAssertNil(weakWindow)
      XCTAssertNil(weakGreeting)
      XCTAssertNil(weakSend)
      XCTAssertEqual(model.bindings.count, 0)  // the click binding ended with the button
    }
  }

  /// Lifetimes, rule 5.
  func testAWidgetSwiftStillHoldsOutlivesItsWindow() {
    onMain {
      let model = GreeterViewModel()
      let window = makeGreeterWindow(for: model)
      show(window)
      let greeting = widgets(of: window).1
      window.close()
      waitUntil("the window has closed") { g_list_model_get_n_items(gtk_window_get_toplevels()) == 0 }
      GTK.drainMainLoop()
      XCTAssertTrue(window.isDisposed)
      XCTAssertFalse(greeting.isDisposed)
      XCTAssertEqual(greeting.bindings.count, 1)
      model.name = "Grace"
      XCTAssertEqual(String(cString: gtk_label_get_text(greeting.label)), "Hello, Grace!")
    }
  }

  /// Lifetimes, rule 6.
  func testADestroyedWindowRefusesLaterBindings() {
    onMain {
      let model = GreeterViewModel()
      let window = Window(title: "Greeter")
      window.destroy()
      GTK.drainMainLoop()
      XCTAssertTrue(window.isDisposed)
      XCTAssertTrue(window.bindings.isClosed)
      window.reactive.title <~ model.$name
      XCTAssertEqual(window.bindings.count, 0)
      XCTAssertEqual(window.title, "Greeter")
    }
  }

  func testAPropertyBoundByName() throws {
    try onMain {
      let label = Label("Ada Lovelace")
      let selectable = try label.reactive.property(named: "selectable", as: Bool.self)
      selectable <~ Just(true)

      do {
        _ = try label.reactive.property(named: "selectable", as: String.self)
      } catch {
        print(error)  // GtkLabel.selectable holds gboolean, not gchararray
      }

      XCTAssertEqual(gtk_label_get_selectable(label.label), 1)
      XCTAssertThrowsError(try label.reactive.property(named: "selectable", as: String.self)) { error in
        XCTAssertEqual("\(error)", "GtkLabel.selectable holds gboolean, not gchararray")
      }
      XCTAssertThrowsError(try label.reactive.property(named: "colour", as: String.self)) { error in
        XCTAssertEqual(error as? GTKPropertyError, .unknownProperty(type: "GtkLabel", name: "colour"))
        XCTAssertEqual("\(error)", "GtkLabel has no property \"colour\"")
      }
      let window = Window()
      XCTAssertThrowsError(try window.reactive.property(named: "is-active", as: Bool.self)) { error in
        XCTAssertEqual(error as? GTKPropertyError, .notReadableAndWritable(type: "GtkWindow", name: "is-active"))
        XCTAssertEqual(
          "\(error)",
          "GtkWindow.is-active cannot be both read and written after construction, so it cannot be bound"
        )
      }

      // One target per property, whichever member made it.
      let name = MutableProperty("Ada")
      let otherName = MutableProperty("Grace")
      label.reactive.text <~ name
      try label.reactive.property(named: "label", as: String.self) <~ otherName
      XCTAssertEqual(label.bindings.count, 1)
      name.value = "Hopper"
      XCTAssertEqual(String(cString: gtk_label_get_text(label.label)), "Grace")
    }
  }

  func testAWidgetTheModuleDoesNotWrap() {
    onMain {
      let showsWeekNumbers = MutableProperty(false)
      let calendar = MonthCalendar()
      calendar.reactive.showsWeekNumbers <~> showsWeekNumbers

      XCTAssertEqual(gtk_calendar_get_show_week_numbers(calendar.calendar), 0)
      showsWeekNumbers.value = true
      XCTAssertEqual(gtk_calendar_get_show_week_numbers(calendar.calendar), 1)
      gtk_calendar_set_show_week_numbers(calendar.calendar, 0)
      XCTAssertFalse(showsWeekNumbers.value)

      // GTK emits day-selected only when the day of the month changes: start from the 28th, whatever today is.
      let start = g_date_time_new_local(2024, 2, 28, 12, 0, 0)!
      gtk_calendar_select_day(calendar.calendar, start)
      g_date_time_unref(start)
      var selections = 0
      let token = calendar.reactive.daySelected.sink { selections += 1 }
      let date = g_date_time_new_local(2024, 2, 29, 12, 0, 0)!
      gtk_calendar_select_day(calendar.calendar, date)
      g_date_time_unref(date)
      XCTAssertEqual(selections, 1)
      token.cancel()
    }
  }

  // The article's test, as it appears there.
  func testTheWindowShowsTheNewName() throws {
    try MainActor.assumeIsolated {
      let model = GreeterViewModel()
      let window = makeGreeterWindow(for: model)
      window.present()
      XCTAssertTrue(GTK.iterateMainLoop(until: { window.allocatedSize.width > 0 }))
      let before = try window.renderSnapshot()

      model.name = "Grace"
      // The longer text is laid out on GTK's next frame; until then the window draws nothing.
      XCTAssertTrue(GTK.iterateMainLoop(until: { (try? window.renderSnapshot()) != nil }))
      let after = try window.renderSnapshot()
      XCTAssertGreaterThan(after.differingPixels(from: before), 0)
      try after.savePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("greeter.png").path)
      window.destroy()
    }
  }
}

/// The widgets `makeGreeterWindow(for:)` put in `window`, in order.
@MainActor
private func widgets(of window: Window) -> (Entry, Label, Switch, Button, ProgressBar) {
  let children = (window.child as! Box).children
  let formal = (children[2] as! Box).children[1]
  return (
    children[0] as! Entry, children[1] as! Label, formal as! Switch, children[3] as! Button, children[4] as! ProgressBar
  )
}
/// The editable labels inside `widget`, in order.
@MainActor
func editableLabels(in widget: Widget) -> [EditableLabel] {
  WidgetTree.subtree(of: widget.widget).compactMap { GObjectWrapper.wrapper(for: $0) as? EditableLabel }
}
#endif
