import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// `<~>` starts from its right side. A user coming from Bond (`model.bidirectionalBind(to: field)`)
/// or BIND (`model <> field`) writes the model first; these tests hold the ways that difference is
/// made visible: the spelling that keeps the model's value, and the diagnostic when connecting
/// empties a side.
@Suite("two-way binding order", .releasesEveryObject)
struct TwoWayOrderTests {
  /// The empty-overwrite diagnostic is made in debug builds only; a release build reports nothing.
  #if DEBUG
  private let emptyOverwriteIsReported = true
  #else
  private let emptyOverwriteIsReported = false
  #endif

  @Test("model first with <~>: the empty field wins, as the rule says, and a diagnostic names the fix")
  func modelFirstIsReported() {
    let username = MutableProperty("ada")
    let text = MutableProperty("")
    let messages = diagnostics { username <~> text }
    #expect(username.value == "")
    guard emptyOverwriteIsReported else {
      #expect(messages.isEmpty, "\(messages)")
      return
    }
    #expect(messages.count == 1, "\(messages)")
    let message = messages.first ?? ""
    #expect(message.contains("replaced the left side's value \"ada\" with the right side's empty value \"\""))
    #expect(message.contains("initialValueFrom: .left"))
    #expect(message.contains("reportsEmptyOverwrite: false"))
  }

  @Test(
    "Bond's bidirectionalBind(to:) and BIND's <> translate to bindTwoWay(initialValueFrom: .left): the model keeps its value"
  )
  func modelKeepsItsValue() {
    let username = MutableProperty("ada")
    let text = MutableProperty("")
    let messages = diagnostics { username.bindTwoWay(with: text, initialValueFrom: .left) }
    #expect(username.value == "ada" && text.value == "ada")
    #expect(messages.isEmpty, "\(messages)")
    text.value = "grace"
    #expect(username.value == "grace")
  }

  @Test("the field first (the documented order) keeps the model's value, with no diagnostic")
  func fieldFirstKeepsTheModel() {
    let username = MutableProperty("ada")
    let text = MutableProperty("")
    let messages = diagnostics { text <~> username }
    #expect(text.value == "ada")
    #expect(messages.isEmpty, "\(messages)")
  }

  @Test("a binding that empties a side on purpose opts out of the diagnostic")
  func optOut() {
    let draft = MutableProperty(["typed"])
    let cleared = MutableProperty<[String]>([])
    let messages = diagnostics {
      draft.bindTwoWay(with: cleared, initialValueFrom: .right, reportsEmptyOverwrite: false)
    }
    #expect(draft.value.isEmpty)
    #expect(messages.isEmpty, "\(messages)")
  }

  @Test("nil replacing a value is reported; a value replacing nil, or an empty side emptied, is not")
  func optionalsAndEmptySides() {
    let name = MutableProperty<String?>("ada")
    let none = MutableProperty<String?>(nil)
    let reported = diagnostics { name <~> none }
    #expect(name.value == nil)
    if emptyOverwriteIsReported {
      #expect(reported.count == 1 && reported[0].contains("empty value nil"), "\(reported)")
    } else {
      #expect(reported.isEmpty, "\(reported)")
    }

    let empty = MutableProperty<String?>(nil)
    let full = MutableProperty<String?>("grace")
    let alsoEmpty = MutableProperty("")
    let blank = MutableProperty("")
    let quiet = diagnostics {
      empty <~> full
      alsoEmpty <~> blank
    }
    #expect(empty.value == "grace")
    #expect(quiet.isEmpty, "\(quiet)")
  }

  @Test("bindTwoWay lifts optionals as <~> does, in both orders, and ignores nil from the optional side")
  func bindTwoWayLiftsOptionals() {
    let text = MutableProperty<String?>("typed")
    let name = MutableProperty("")
    text.bindTwoWay(with: name, initialValueFrom: .left)
    #expect(name.value == "typed")
    text.value = nil
    #expect(name.value == "typed")
    name.value = "ada"
    #expect(text.value == "ada")

    let username = MutableProperty("grace")
    let field = MutableProperty<String?>(nil)
    username.bindTwoWay(with: field, initialValueFrom: .left)
    #expect(field.value == "grace")
    field.value = nil
    #expect(username.value == "grace")
    field.value = "alan"
    #expect(username.value == "alan")

    // From the right, as `<~>` does: a nil on the right seeds nothing.
    let kept = MutableProperty("kept")
    let nothing = MutableProperty<String?>(nil)
    kept.bindTwoWay(with: nothing, initialValueFrom: .right)
    #expect(kept.value == "kept")
  }
}
