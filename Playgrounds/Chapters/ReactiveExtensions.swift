import Bindings

extension Chapter {
  /// Targets, sources and endpoints of your own types, including types that belong to the main actor.
  public static let reactiveExtensions = Chapter(
    title: "Your own reactive extensions",
    run: runReactiveExtensions,
    expectedOutput: """

      ▸ Three kinds of member in `extension Reactive where Base: VolumeSlider`
        │ var isEnabled: BindingTarget<Base, Bool> {          // a target: where values go
        │   BindingTarget(base, identity: \\VolumeSlider.isEnabled) { slider, enabled in slider.isEnabled = enabled }
        │ }
        │ var changes: AnyPublisher<Double, Never> {          // a source: what the user does
        │   base.userChanges.eraseToAnyPublisher()
        │ }
        │ var value: BindingEndpoint<Base, Double> {          // an endpoint: both, for <~>
        │   BindingEndpoint(target: self[dynamicMember: \\.value], changes: base.userChanges)
        │ }
        The target's closure receives the slider as an argument: it never captures, so it never leaks.
        An identity allows one source at a time; key-path targets have one already.

      ▸ Bind the target: your member is used, not the key-path target of the same name
        │ slider.reactive.isEnabled <~ player.$isPlaying
        (the isEnabled extension writes false)
        → the slider is disabled

      ▸ Bind the endpoint both ways: the right side's value is the starting value
        │ slider.reactive.value <~> player.$volume
        → the slider is at 0.5

      ▸ The user drags: the player's volume follows
        │ slider.drag(to: 0.8)
        → the slider is at 0.8
        → player.volume is 0.8

      ▸ A source into a target of the player: values flow out of the view
        │ slider.reactive.changes ~> player.reactive.announceVolume
        ✗ nothing yet: changes is a PassthroughSubject, it has no current value to replay
        │ slider.drag(to: 0.2)
        → the slider is at 0.2
        → the player announces volume 0.2
        → player.volume is 0.2

      ▸ A @MainActor view: MainActorBindingOwner, and targets that write on the main thread
        │ @MainActor final class Badge: MainActorBindingOwner {
        │   let bindings = BindingBag()
        │   var count = 0
        │   var isHidden = true
        │   var title = ""
        │ }
        │ @MainActor extension Reactive where Base: Badge {
        │   var count: BindingTarget<Base, Int> {
        │     BindingTarget(onMainActor: base, identity: \\Badge.count) { badge, count in
        │       badge.count = count
        │       badge.isHidden = count == 0
        │     }
        │   }
        │ }
        │ badge.reactive.count <~ unread
        │ badge.reactive.title <~ player.$isPlaying.map { $0 ? "Playing" : "Paused" }
        │ unread.value = 3
        → the badge shows 0
        → the badge is hidden
        → the badge's title is "Paused"
        → the badge shows 3
        → the badge is visible
        The hand-written target runs on the main actor, so it touches the badge without ceremony.
        A MainActorBindingOwner's key-path targets (title) write on the main thread too, for free.
        Made and sent on the main thread, every value was written at once; a value sent from
        another thread would be written on the main queue.
      """
  )
}

/// A control with a value the app sets and changes the user makes.
private final class VolumeSlider: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  let userChanges = PassthroughSubject<Double, Never>()
  var value = 0.0 {
    didSet { transcript.happened("the slider is at \(value)") }
  }
  var isEnabled = true {
    didSet { transcript.happened("the slider is \(isEnabled ? "enabled" : "disabled")") }
  }

  init(transcript: Transcript) { self.transcript = transcript }

  /// What a real slider does when the user drags it.
  func drag(to value: Double) {
    self.value = value
    userChanges.send(value)
  }
}

extension Reactive where Base: VolumeSlider {
  /// A target: where values go. A member written here wins over the key-path target of the same name.
  fileprivate var isEnabled: BindingTarget<Base, Bool> {
    BindingTarget(base, identity: \VolumeSlider.isEnabled) { slider, enabled in
      slider.transcript.explain("(the isEnabled extension writes \(enabled))")
      slider.isEnabled = enabled
    }
  }

  /// A source: what the user does.
  fileprivate var changes: AnyPublisher<Double, Never> {
    base.userChanges.eraseToAnyPublisher()
  }

  /// An endpoint: both, so that it can be either side of `<~>`.
  fileprivate var value: BindingEndpoint<Base, Double> {
    BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
  }
}

private final class Player: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  @Published var isPlaying = false
  @Published var volume = 0.5

  init(transcript: Transcript) { self.transcript = transcript }
}

extension Reactive where Base: Player {
  /// A target that calls a method: the closure gets the player as an argument, so it captures nothing.
  fileprivate var announceVolume: BindingTarget<Base, Double> {
    BindingTarget(base) { player, volume in player.transcript.happened("the player announces volume \(volume)") }
  }
}

/// A view that belongs to the main actor, as UIKit and AppKit views do.
@MainActor
private final class Badge: MainActorBindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  var count = 0 {
    didSet { transcript.happened("the badge shows \(count)") }
  }
  var isHidden = true {
    didSet { transcript.happened("the badge is \(isHidden ? "hidden" : "visible")") }
  }
  var title = "" {
    didSet { transcript.happened("the badge's title is \"\(title)\"") }
  }

  init(transcript: Transcript) { self.transcript = transcript }
}

@MainActor
extension Reactive where Base: Badge {
  /// Writes on the main thread: at once when the value arrives there, otherwise through the main queue.
  fileprivate var count: BindingTarget<Base, Int> {
    BindingTarget(onMainActor: base, identity: \Badge.count) { badge, count in
      badge.count = count
      badge.isHidden = count == 0
    }
  }
}

@MainActor
private func runReactiveExtensions(_ transcript: Transcript) {
  let slider = VolumeSlider(transcript: transcript)
  let player = Player(transcript: transcript)

  transcript.step("Three kinds of member in `extension Reactive where Base: VolumeSlider`")
  transcript.code(
    """
    var isEnabled: BindingTarget<Base, Bool> {          // a target: where values go
      BindingTarget(base, identity: \\VolumeSlider.isEnabled) { slider, enabled in slider.isEnabled = enabled }
    }
    var changes: AnyPublisher<Double, Never> {          // a source: what the user does
      base.userChanges.eraseToAnyPublisher()
    }
    var value: BindingEndpoint<Base, Double> {          // an endpoint: both, for <~>
      BindingEndpoint(target: self[dynamicMember: \\.value], changes: base.userChanges)
    }
    """
  )
  transcript.explain("The target's closure receives the slider as an argument: it never captures, so it never leaks.")
  transcript.explain("An identity allows one source at a time; key-path targets have one already.")

  transcript.step("Bind the target: your member is used, not the key-path target of the same name")
  transcript.code("slider.reactive.isEnabled <~ player.$isPlaying")
  slider.reactive.isEnabled <~ player.$isPlaying

  transcript.step("Bind the endpoint both ways: the right side's value is the starting value")
  transcript.code("slider.reactive.value <~> player.$volume")
  slider.reactive.value <~> player.$volume

  transcript.step("The user drags: the player's volume follows")
  transcript.code("slider.drag(to: 0.8)")
  slider.drag(to: 0.8)
  transcript.happened("player.volume is \(player.volume)")

  transcript.step("A source into a target of the player: values flow out of the view")
  transcript.code("slider.reactive.changes ~> player.reactive.announceVolume")
  slider.reactive.changes ~> player.reactive.announceVolume
  transcript.didNotHappen("nothing yet: changes is a PassthroughSubject, it has no current value to replay")
  transcript.code("slider.drag(to: 0.2)")
  slider.drag(to: 0.2)
  transcript.happened("player.volume is \(player.volume)")

  transcript.step("A @MainActor view: MainActorBindingOwner, and targets that write on the main thread")
  transcript.code(
    """
    @MainActor final class Badge: MainActorBindingOwner {
      let bindings = BindingBag()
      var count = 0
      var isHidden = true
      var title = ""
    }
    @MainActor extension Reactive where Base: Badge {
      var count: BindingTarget<Base, Int> {
        BindingTarget(onMainActor: base, identity: \\Badge.count) { badge, count in
          badge.count = count
          badge.isHidden = count == 0
        }
      }
    }
    badge.reactive.count <~ unread
    badge.reactive.title <~ player.$isPlaying.map { $0 ? "Playing" : "Paused" }
    unread.value = 3
    """
  )
  let badge = Badge(transcript: transcript)
  let unread = CurrentValueSubject<Int, Never>(0)
  badge.reactive.count <~ unread
  badge.reactive.title <~ player.$isPlaying.map { $0 ? "Playing" : "Paused" }
  unread.value = 3
  transcript.explain("The hand-written target runs on the main actor, so it touches the badge without ceremony.")
  transcript.explain("A MainActorBindingOwner's key-path targets (title) write on the main thread too, for free.")
  transcript.explain("Made and sent on the main thread, every value was written at once; a value sent from")
  transcript.explain("another thread would be written on the main queue.")
}
