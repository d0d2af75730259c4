import Bindings

extension Chapter {
  /// `<~>`: two values kept equal, without echo, and through a conversion.
  public static let twoWayBindings = Chapter(
    title: "Two-way bindings",
    run: runTwoWayBindings,
    expectedOutput: """

      ▸ <~> keeps two values equal; the right side gives the starting value
        │ field.$text <~> settings.$displayName
        → the field shows "Ada"

      ▸ The user types: the model follows, and the change is not echoed back
        │ field.text = "Grace"
        → the field shows "Grace"
        → settings.displayName is "Grace" (written 1 time)
        ✗ the field was not written again with its own "Grace"

      ▸ The model changes: the field follows
        │ settings.displayName = "Alan"
        → the field shows "Alan"

      ▸ Through a conversion: a Double slider and its text, both MutableProperty
        │ volume <~> volumeText.converted({ Double($0) }, back: { String($0) })
        → volume is 0.25
        │ volume.value = 0.75
        → volume is 0.75
        → the text is "0.75"
        │ volumeText.value = "0.7x"   // half-typed
        → the text is "0.7x"
        ✗ volume stayed 0.75: text that does not convert is ignored
        │ volumeText.value = "0.7"
        → the text is "0.7"
        → volume is 0.7

      ▸ The left side is the target, like the left of <~
        A new `<~` into field.$text replaces the two-way binding: one writer per target. The right
        side can take part in any number of bindings.
        │ field.$text <~ other
        │ settings.displayName = "Barbara"
        → the field shows "from elsewhere"
        ✗ the field did not show "Barbara": the two-way binding was replaced

      ▸ Start from the left side's value instead
        │ draft.bindTwoWay(with: saved, initialValueFrom: .left)
        → saved is "typed so far"

      ▸ A control's endpoint is a source as well as a target
        slider.reactive.value is a BindingEndpoint: `<~`, `~>`, `<~>` and `sink` all work with it.
        It publishes what the user does, not what bindings write into it.
        │ slider.reactive.value <~> level
        │ let moves = slider.reactive.value.sink { print("moved to \\($0)") }
        → the slider is at 0.5
        │ slider.userMoved(to: 0.8)
        → the slider is at 0.8
        → level is 0.8
        → moved to 0.8
        │ level.value = 0.2
        → level is 0.2
        → the slider is at 0.2
        ✗ no move was reported: the value came from the program, not the user
      """
  )
}

private final class TextField: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  @Published var text = ""
  private var watching: AnyCancellable?

  init(transcript: Transcript) {
    self.transcript = transcript
    watching = $text.dropFirst().sink { transcript.happened("the field shows \"\($0)\"") }
  }
}

private final class SettingsViewModel {
  @Published var displayName = "Ada"
}

@MainActor
private func runTwoWayBindings(_ transcript: Transcript) {
  let field = TextField(transcript: transcript)
  let settings = SettingsViewModel()
  var modelWrites = 0
  let counting = settings.$displayName.dropFirst().sink { _ in modelWrites += 1 }

  transcript.step("<~> keeps two values equal; the right side gives the starting value")
  transcript.code("field.$text <~> settings.$displayName")
  field.$text <~> settings.$displayName

  transcript.step("The user types: the model follows, and the change is not echoed back")
  transcript.code("field.text = \"Grace\"")
  field.text = "Grace"
  transcript.happened("settings.displayName is \"\(settings.displayName)\" (written \(modelWrites) time)")
  transcript.didNotHappen("the field was not written again with its own \"Grace\"")

  transcript.step("The model changes: the field follows")
  transcript.code("settings.displayName = \"Alan\"")
  settings.displayName = "Alan"

  transcript.step("Through a conversion: a Double slider and its text, both MutableProperty")
  let volume = MutableProperty(0.5)
  let volumeText = MutableProperty("0.25")
  let volumeWatcher = volume.dropFirst().sink { transcript.happened("volume is \($0)") }
  let textWatcher = volumeText.dropFirst().sink { transcript.happened("the text is \"\($0)\"") }
  transcript.code("volume <~> volumeText.converted({ Double($0) }, back: { String($0) })")
  volume <~> volumeText.converted({ Double($0) }, back: { String($0) })
  transcript.code("volume.value = 0.75")
  volume.value = 0.75
  transcript.code("volumeText.value = \"0.7x\"   // half-typed")
  volumeText.value = "0.7x"
  transcript.didNotHappen("volume stayed \(volume.value): text that does not convert is ignored")
  transcript.code("volumeText.value = \"0.7\"")
  volumeText.value = "0.7"

  transcript.step("The left side is the target, like the left of <~")
  transcript.explain("A new `<~` into field.$text replaces the two-way binding: one writer per target. The right")
  transcript.explain("side can take part in any number of bindings.")
  let other = MutableProperty("from elsewhere")
  transcript.code(
    """
    field.$text <~ other
    settings.displayName = "Barbara"
    """
  )
  field.$text <~ other
  settings.displayName = "Barbara"
  transcript.didNotHappen("the field did not show \"Barbara\": the two-way binding was replaced")

  transcript.step("Start from the left side's value instead")
  let draft = MutableProperty("typed so far")
  let saved = MutableProperty("")
  transcript.code("draft.bindTwoWay(with: saved, initialValueFrom: .left)")
  draft.bindTwoWay(with: saved, initialValueFrom: .left)
  transcript.happened("saved is \"\(saved.value)\"")

  transcript.step("A control's endpoint is a source as well as a target")
  transcript.explain("slider.reactive.value is a BindingEndpoint: `<~`, `~>`, `<~>` and `sink` all work with it.")
  transcript.explain("It publishes what the user does, not what bindings write into it.")
  let slider = Slider(transcript: transcript)
  let level = MutableProperty(0.5)
  let levelWatcher = level.dropFirst().sink { transcript.happened("level is \($0)") }
  transcript.code(
    """
    slider.reactive.value <~> level
    let moves = slider.reactive.value.sink { print("moved to \\($0)") }
    """
  )
  slider.reactive.value <~> level
  let moves = slider.reactive.value.sink { transcript.happened("moved to \($0)") }
  transcript.code("slider.userMoved(to: 0.8)")
  slider.userMoved(to: 0.8)
  transcript.code("level.value = 0.2")
  level.value = 0.2
  transcript.didNotHappen("no move was reported: the value came from the program, not the user")

  counting.cancel()
  volumeWatcher.cancel()
  textWatcher.cancel()
  levelWatcher.cancel()
  moves.cancel()
}

/// A control whose value the user moves (published as a change) and the program sets (not
/// published), like a UIKit slider.
private final class Slider: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  let userChanges = PassthroughSubject<Double, Never>()
  var value = 0.0 {
    didSet { transcript.happened("the slider is at \(value)") }
  }

  init(transcript: Transcript) {
    self.transcript = transcript
  }

  func userMoved(to value: Double) {
    self.value = value
    userChanges.send(value)
  }
}

extension Reactive where Base: Slider {
  /// The slider's value: written by bindings, published when the user moves it.
  fileprivate var value: BindingEndpoint<Base, Double> {
    BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
  }
}
