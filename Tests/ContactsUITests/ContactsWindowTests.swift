#if GTK
import Bindings
import BindingsGTK
import ContactsCore
import ContactsUI
import Foundation
import GTKTestSupport
import XCTest

/// The Contacts window in a real window: typing, clicking, and what the list and form show.
final class ContactsWindowTests: GTKTestCase {
  func testSearchSelectEditDeleteUndo() {
    MainActor.assumeIsolated {
      let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: 3000))
      let contacts = ContactsWindow(viewModel: viewModel)
      contacts.window.present()
      XCTAssertTrue(GTK.iterateMainLoop(until: { contacts.list.modelCount == 3000 }))

      // Typing a search filters the list, after the throttle, by splices (no reload).
      gtk_editable_set_text(contacts.search.editable, "kernighan")
      XCTAssertTrue(GTK.iterateMainLoop(until: { contacts.list.modelCount < 3000 }))
      let matches = viewModel.visible.contents
      XCTAssertFalse(matches.isEmpty)
      XCTAssertTrue(
        matches.allSatisfy { $0.fullName.lowercased().contains("kernighan") || $0.email.contains("kernighan") })
      XCTAssertEqual(contacts.list.items.map(\.id), matches.map(\.id))
      contacts.list.waitForNextFrame()
      XCTAssertTrue(labels(in: contacts.list).contains(matches[0].fullName))

      // Clicking a row selects it and fills the form.
      gtk_single_selection_set_selected(contacts.list.selection, 1)
      XCTAssertEqual(viewModel.selectedID, matches[1].id)
      XCTAssertEqual(contacts.firstName.text, matches[1].firstName)
      XCTAssertEqual(gtk_widget_get_sensitive(contacts.deleteButton.widget), 1)

      // Editing the form edits the contact, and the list shows it.
      gtk_editable_set_text(contacts.firstName.editable, "Brian W.")
      XCTAssertEqual(viewModel.all.contents.first { $0.id == matches[1].id }?.firstName, "Brian W.")
      contacts.list.waitForNextFrame()
      XCTAssertTrue(labels(in: contacts.list).contains("Brian W. \(matches[1].lastName)"))

      // Delete, then undo.
      contacts.deleteButton.click()
      XCTAssertEqual(contacts.list.modelCount, matches.count - 1)
      XCTAssertEqual(gtk_widget_get_sensitive(contacts.undoButton.widget), 1)
      contacts.undoButton.click()
      XCTAssertEqual(contacts.list.modelCount, matches.count)

      // A bad email shows its problem, and the error line explains a refused command.
      contacts.list.selectedIndex = 0
      gtk_editable_set_text(contacts.email.editable, "not an email")
      XCTAssertTrue(contacts.email.hasCSSClass("error"))
      XCTAssertTrue(contacts.emailProblem.isVisible)
      contacts.addButton.click()
      XCTAssertTrue(contacts.error.isVisible)
      XCTAssertFalse(contacts.error.text.isEmpty)
      contacts.window.destroy()
    }
  }

  /// What the monkey found: a search that moved the selected contact's row selected another contact
  /// (the view model published the new row before the list had the rows that moved it), and
  /// opening the window reported an empty group overwriting the drop-down's first entry.
  func testASearchKeepsTheSelectedContactAndOpeningReportsNothing() {
    MainActor.assumeIsolated {
      let log = DiagnosticMessages()
      let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: 3000))
      Diagnostics.observing({ message in log.messages.withLock { $0.append(message) } }) {
        let contacts = ContactsWindow(viewModel: viewModel)
        contacts.window.present()
        XCTAssertTrue(GTK.iterateMainLoop(until: { contacts.list.modelCount == 3000 }))
        let all = viewModel.visible.contents
        guard let row = all.indices.last(where: { all[$0].fullName.lowercased().contains("n") }) else {
          return XCTFail("no contact to select")
        }
        let chosen = all[row].id
        gtk_single_selection_set_selected(contacts.list.selection, guint(row))
        XCTAssertEqual(viewModel.selectedID, chosen)

        gtk_editable_set_text(contacts.search.editable, "n")
        XCTAssertTrue(GTK.iterateMainLoop(until: { viewModel.appliedQuery == "n" }))
        GTK.drainMainLoop()
        XCTAssertLessThan(contacts.list.modelCount, 3000, "the search moved the selected row up")
        XCTAssertEqual(viewModel.selectedID, chosen, "the same contact stays selected")
        XCTAssertEqual(contacts.list.selectedIndex.flatMap { contacts.list.item(at: $0)?.id }, chosen)
        contacts.window.destroy()
      }
      XCTAssertEqual(log.messages.withLock { $0 }, [])
    }
  }

  func testExportReportsProgressFromABackgroundQueue() {
    MainActor.assumeIsolated {
      let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 7).make(count: 2000))
      let contacts = ContactsWindow(viewModel: viewModel)
      contacts.window.present()
      contacts.exportButton.click()
      // The view model publishes from its export queue; the widgets follow on GTK's thread.
      XCTAssertTrue(
        GTK.iterateMainLoop(until: {
          contacts.status.text.contains("Exported") && gtk_widget_get_sensitive(contacts.exportButton.widget) == 1
        }),
        contacts.status.text
      )
      XCTAssertEqual(contacts.progress.fraction, 1)
      XCTAssertFalse(contacts.progress.isVisible)
      contacts.window.destroy()
    }
  }

  func testTheScreenshotShowsTheWindow() throws {
    try MainActor.assumeIsolated {
      let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: 300))
      let contacts = ContactsWindow(viewModel: viewModel)
      contacts.window.present()
      XCTAssertTrue(GTK.iterateMainLoop(until: { contacts.list.modelCount == 300 }))
      let before = try contacts.window.renderSnapshot()
      viewModel.query = "ada"
      XCTAssertTrue(GTK.iterateMainLoop(until: { contacts.list.modelCount < 300 }))
      let after = try contacts.window.renderSnapshot()
      XCTAssertGreaterThan(after.differingPixels(from: before), 1000, "the list shows fewer rows")
      contacts.window.destroy()
    }
  }
}

/// The diagnostics a test observed.
private final class DiagnosticMessages: Sendable {
  let messages = Locked<[String]>([])
}

#endif
