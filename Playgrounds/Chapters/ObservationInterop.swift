import Bindings
import BindingsTesting
import Observation

extension Chapter {
  /// `@Observable` models as binding sources: current value at once, changes read after the store.
  public static let observation = Chapter(
    title: "Observation: @Observable models as sources",
    run: runObservation,
    expectedOutput: """

      ▸ An @Observable property is a source: observe(_:on:) publishes it
        │ @Observable final class Profile { var name = "Ada" }
        │ label.reactive.text <~ profile.observe(\\.name, on: scheduler)
        → the label shows "Ada"
        The current value arrives at once. In an app, observe(\\.name) reads on the main queue;
        here a TestScheduler stands in for it, so the chapter can show when the read happens.

      ▸ Changes are read after they are stored, on the scheduler, and coalesced
        │ profile.name = "Grace"
        │ profile.name = "Lin"
        ✗ nothing yet: Observation reports a change before it is stored; the read is scheduled
        │ scheduler.advance()
        → the label shows "Lin"
        ✗ no "Grace": both assignments came before the read, so only the final value is shown

      ▸ An equal value is not delivered again
        │ profile.name = "Lin"
        │ scheduler.advance()
        ✗ the label was not written: the name is Equatable and did not change

      ▸ An expression over several properties: Publishers.ObservedValue
        │ fullName.reactive.text <~ Publishers.ObservedValue(on: scheduler) { "\\(profile.first) \\(profile.last)" }
        │ profile.first = "Augusta"
        │ profile.last = "King"
        │ scheduler.advance()
        → the full-name label shows "Ada Lovelace"
        → the full-name label shows "Augusta King"
        ✗ no "Augusta Lovelace": the two changes were read once, together
      """
  )
}

@Observable
private final class Profile {
  var name = "Ada"
  var first = "Ada"
  var last = "Lovelace"
}

private final class Label: BindingOwner {
  let bindings = BindingBag()
  let name: String
  let transcript: Transcript
  var text: String? {
    didSet { transcript.happened("\(name) shows \"\(text ?? "")\"") }
  }

  init(_ name: String, transcript: Transcript) {
    self.name = name
    self.transcript = transcript
  }
}

@MainActor
private func runObservation(_ transcript: Transcript) {
  let scheduler = TestScheduler()
  let profile = Profile()
  let label = Label("the label", transcript: transcript)

  transcript.step("An @Observable property is a source: observe(_:on:) publishes it")
  transcript.code(
    """
    @Observable final class Profile { var name = "Ada" }
    label.reactive.text <~ profile.observe(\\.name, on: scheduler)
    """
  )
  label.reactive.text <~ profile.observe(\.name, on: scheduler)
  transcript.explain("The current value arrives at once. In an app, observe(\\.name) reads on the main queue;")
  transcript.explain("here a TestScheduler stands in for it, so the chapter can show when the read happens.")

  transcript.step("Changes are read after they are stored, on the scheduler, and coalesced")
  transcript.code(
    """
    profile.name = "Grace"
    profile.name = "Lin"
    """
  )
  profile.name = "Grace"
  profile.name = "Lin"
  transcript.didNotHappen("nothing yet: Observation reports a change before it is stored; the read is scheduled")
  transcript.code("scheduler.advance()")
  scheduler.advance()
  transcript.didNotHappen("no \"Grace\": both assignments came before the read, so only the final value is shown")

  transcript.step("An equal value is not delivered again")
  transcript.code(
    """
    profile.name = "Lin"
    scheduler.advance()
    """
  )
  profile.name = "Lin"
  scheduler.advance()
  transcript.didNotHappen("the label was not written: the name is Equatable and did not change")

  transcript.step("An expression over several properties: Publishers.ObservedValue")
  let fullName = Label("the full-name label", transcript: transcript)
  transcript.code(
    """
    fullName.reactive.text <~ Publishers.ObservedValue(on: scheduler) { "\\(profile.first) \\(profile.last)" }
    profile.first = "Augusta"
    profile.last = "King"
    scheduler.advance()
    """
  )
  fullName.reactive.text <~ Publishers.ObservedValue(on: scheduler) { "\(profile.first) \(profile.last)" }
  profile.first = "Augusta"
  profile.last = "King"
  scheduler.advance()
  transcript.didNotHappen("no \"Augusta Lovelace\": the two changes were read once, together")
}
