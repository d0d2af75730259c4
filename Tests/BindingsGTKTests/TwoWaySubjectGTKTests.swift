#if GTK
import CGTK
import XCTest

@testable import Bindings
@testable import BindingsGTK

/// `<~>` between a widget in a real window and a ``CurrentValueSubject`` model: the subject's value
/// shows in the widget, edits made through GTK reach the subject, `send` reaches the widget, and
/// closing the window ends the binding and leaves the subject free to go. Values are read back
/// through GTK's getters.
final class TwoWaySubjectGTKTests: GTKTestCase {
  /// The hidden owner the subject keeps its two-way bindings in, if it has one.
  private static func bindingOwner<Output>(
    of subject: CurrentValueSubject<Output, Never>
  ) -> CurrentValueSubjectBindingOwner<Output>? {
    subject.core.upstreamsForTesting.lazy.compactMap { $0 as? CurrentValueSubjectBindingOwner<Output> }.first
  }

  func testAnEntryShowsTheSubjectAndEditsFlowBothWays() {
    onMain {
      let name = CurrentValueSubject<String, Never>("jim")
      let entry = Entry()
      let window = Window(title: "Subject")
      window.child = entry
      entry.reactive.text <~> name
      show(window)
      XCTAssertEqual(name.value, "jim", "a fresh entry never empties the subject")
      XCTAssertEqual(String(cString: gtk_editable_get_text(entry.editable)), "jim")

      gtk_editable_set_text(entry.editable, "jimmy")
      XCTAssertEqual(name.value, "jimmy")
      name.send("james")
      XCTAssertEqual(String(cString: gtk_editable_get_text(entry.editable)), "james")
      gtk_editable_delete_text(entry.editable, 0, -1)
      XCTAssertEqual(name.value, "")
    }
  }

  func testTheSubjectOnTheLeftKeepsItsValueAgainstAFreshEntry() {
    onMain {
      let name = CurrentValueSubject<String, Never>("Ada")
      let entry = Entry()
      name <~> entry.reactive.text
      XCTAssertEqual(name.value, "Ada")
      XCTAssertEqual(String(cString: gtk_editable_get_text(entry.editable)), "Ada")
      gtk_editable_set_text(entry.editable, "Grace")
      XCTAssertEqual(name.value, "Grace")
      name.send("Alan")
      XCTAssertEqual(String(cString: gtk_editable_get_text(entry.editable)), "Alan")
    }
  }

  func testAScaleShowsTheSubjectAndMovesItInEitherOrder() {
    onMain {
      let volume = CurrentValueSubject<Double, Never>(3)
      let scale = Scale(range: 0...10, step: 1)
      let window = Window(title: "Subject")
      window.child = scale
      scale.reactive.value <~> volume
      show(window)
      XCTAssertEqual(volume.value, 3, "a fresh scale reading 0 never overwrites the subject")
      XCTAssertEqual(gtk_adjustment_get_value(scale.adjustment.adjustment), 3)
      gtk_adjustment_set_value(scale.adjustment.adjustment, 7)
      XCTAssertEqual(volume.value, 7)
      volume.send(2)
      XCTAssertEqual(gtk_adjustment_get_value(scale.adjustment.adjustment), 2)

      let level = CurrentValueSubject<Double, Never>(0.75)
      let other = Scale(range: 0...1, step: 0.05)
      level <~> other.reactive.value
      XCTAssertEqual(level.value, 0.75)
      XCTAssertEqual(gtk_adjustment_get_value(other.adjustment.adjustment), 0.75)
      gtk_adjustment_set_value(other.adjustment.adjustment, 0.25)
      XCTAssertEqual(level.value, 0.25)
    }
  }

  func testClosingTheWindowEndsTheBindingsAndReleasesTheSubjects() {
    onMain {
      let before = GTKLiveObjects.total
      var name: CurrentValueSubject<String, Never>? = CurrentValueSubject("jim")
      var volume: CurrentValueSubject<Double, Never>? = CurrentValueSubject(3)
      weak let weakName = name
      weak let weakVolume = volume
      weak var weakEntry: Entry?
      weak var weakScale: Scale?
      weak var weakWindow: Window?
      weak var weakNameOwner: CurrentValueSubjectBindingOwner<String>?
      do {
        let entry = Entry()
        let scale = Scale(range: 0...10, step: 1)
        let window = Window(title: "Subject lifetimes")
        window.child = Box(.vertical, spacing: 4, [entry, scale])
        entry.reactive.text <~> name!
        scale.reactive.value <~> volume!
        show(window)
        (weakEntry, weakScale, weakWindow) = (entry, scale, window)
        weakNameOwner = Self.bindingOwner(of: name!)
      }
      // The window keeps the widgets and their bindings with no Swift reference left.
      XCTAssertNotNil(weakEntry)
      XCTAssertNotNil(weakNameOwner)
      name!.send("jimmy")
      XCTAssertEqual(weakEntry?.text, "jimmy")
      volume!.send(5)
      XCTAssertEqual(weakScale.map { gtk_adjustment_get_value($0.adjustment.adjustment) }, 5)

      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()

      XCTAssertNil(weakEntry)
      XCTAssertNil(weakScale)
      XCTAssertEqual(name!.core.subscriberCount, 0, "the entry's binding no longer observes the subject")
      XCTAssertEqual(volume!.core.subscriberCount, 0, "the scale's binding no longer observes the subject")
      XCTAssertEqual(Self.bindingOwner(of: name!)?.bindings.count ?? 0, 0)
      XCTAssertEqual(Self.bindingOwner(of: volume!)?.bindings.count ?? 0, 0)
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
      name!.send("after")  // reaches nothing, and crashes nothing
      volume!.send(9)

      name = nil
      volume = nil
      XCTAssertNil(weakName, "nothing the binding made keeps the subject")
      XCTAssertNil(weakVolume, "nothing the binding made keeps the subject")
      XCTAssertNil(weakNameOwner)
    }
  }

  func testDestroyingTheEntryEndsTheBindingWhileTheSubjectLivesOn() {
    onMain {
      let name = CurrentValueSubject<String, Never>("Ada")
      var entry: Entry? = Entry()
      weak let weakEntry = entry
      entry!.reactive.text <~> name
      XCTAssertEqual(Self.bindingOwner(of: name)?.bindings.count, 1)
      entry = nil
      GTK.drainMainLoop()
      XCTAssertNil(weakEntry)
      XCTAssertEqual(name.core.subscriberCount, 0)
      XCTAssertEqual(Self.bindingOwner(of: name)?.bindings.count, 0)
      name.send("Grace")
      XCTAssertEqual(name.value, "Grace")
    }
  }
}
#endif
