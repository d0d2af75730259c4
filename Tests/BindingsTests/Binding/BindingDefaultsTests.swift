import Foundation
import Testing

@testable import Bindings

/// A label whose text the user can edit: its `reactive.text` is an endpoint, both target and source.
final class EditableTestLabel: BindingOwner {
  let bindings = BindingBag()
  private(set) var text: String?
  let edits = PassthroughSubject<String?, Never>()

  /// Sets the text as the program does: not reported as an edit.
  func show(_ text: String?) { self.text = text }

  func userTyped(_ text: String?) {
    self.text = text
    edits.send(text)
  }
}

extension Reactive where Base: EditableTestLabel {
  var text: BindingEndpoint<Base, String?> {
    BindingEndpoint(
      target: BindingTarget(base, identity: \EditableTestLabel.text) { label, text in label.show(text) },
      changes: base.edits
    )
  }
}

/// A view model with an optional title, to bind a label's text into.
final class TitledTestViewModel: BindingOwner {
  let bindings = BindingBag()
  var title: String?
}

@Suite("an endpoint is also a source", .releasesEveryObject)
struct BindingEndpointSourceTests {
  @Test("label.reactive.text ~> viewModel.reactive.title sends the label's changes")
  func outputBinding() {
    let label = EditableTestLabel()
    let viewModel = TitledTestViewModel()
    label.reactive.text ~> viewModel.reactive.title
    label.userTyped("Ada")
    #expect(viewModel.title == "Ada")
  }

  @Test("an endpoint can be observed with sink; values written into it are not its changes")
  func sink() {
    let label = EditableTestLabel()
    var seen: [String?] = []
    let token = label.reactive.text.sink { seen.append($0) }
    label.userTyped("Ada")
    label.reactive.text <~ Just("written")
    #expect(seen == ["Ada"])
    #expect(label.text == "written")
    token.cancel()
  }

  @Test("an endpoint drives another endpoint's target with <~, and still binds both ways")
  func sourceAndTwoWay() {
    let label = EditableTestLabel()
    let other = EditableTestLabel()
    other.reactive.text <~ label.reactive.text
    label.userTyped("Ada")
    #expect(other.text == "Ada")
    let name = MutableProperty<String?>("Grace")
    label.reactive.text <~> name
    #expect(label.text == "Grace")
    label.userTyped("Alan")
    #expect(name.value == "Alan")
  }

  @Test("binding an endpoint to itself does nothing")
  func itself() {
    let label = EditableTestLabel()
    label.reactive.text <~ label.reactive.text
    #expect(label.bindings.count == 0)
  }

  @Test("a converted endpoint publishes its converted changes")
  func converted() {
    let label = EditableTestLabel()
    var seen: [Int] = []
    let token = label.reactive.text.converted({ $0.flatMap(Int.init) }, back: { String($0) }).sink { seen.append($0) }
    label.userTyped("12")
    label.userTyped("twelve")
    #expect(seen == [12])
    token.cancel()
  }
}

/// A slider that belongs to the main actor, with an endpoint for its value.
@MainActor
final class MainActorTestSlider: MainActorBindingOwner {
  let bindings = BindingBag()
  private(set) var writesOffTheMainThread = 0
  var value = 0.0 {
    didSet {
      if !MainThreadScheduler.shared.isMainThread { writesOffTheMainThread += 1 }
    }
  }
  let userChanges = PassthroughSubject<Double, Never>()

  func userMoved(to value: Double) {
    self.value = value
    userChanges.send(value)
  }
}

@MainActor
extension Reactive where Base: MainActorTestSlider {
  var value: BindingEndpoint<Base, Double> {
    BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
  }
}

extension MainThreadSerialized {
  @Suite("two-way bindings and main-actor owners", .releasesEveryObject)
  struct TwoWayMainThreadTests {
    @Test("a change made on a background thread is written into the main-actor side on the main thread")
    @MainActor
    func rightSideOnTheMainThread() async {
      let slider = MainActorTestSlider()
      let volume = MutableProperty(0.3)
      volume <~> slider.reactive.value
      await changeOnABackgroundThread { volume.value = 0.8 }
      #expect(slider.value == 0.8)
      #expect(slider.writesOffTheMainThread == 0)
      slider.userMoved(to: 0.1)
      #expect(volume.value == 0.1)
    }

    @Test("the main-actor side on the left is written on the main thread too, and at once when on it")
    @MainActor
    func leftSideOnTheMainThread() async {
      let slider = MainActorTestSlider()
      let volume = MutableProperty(0.3)
      slider.reactive.value <~> volume
      #expect(slider.value == 0.3)
      await changeOnABackgroundThread { volume.value = 0.9 }
      #expect(slider.value == 0.9)
      #expect(slider.writesOffTheMainThread == 0)
    }

    @Test("background changes and user moves at the same time leave both sides on one value, written on main")
    @MainActor
    func concurrentChangesSettle() async {
      let slider = MainActorTestSlider()
      let volume = MutableProperty(0.0)
      volume <~> slider.reactive.value
      let background = Task.detached {
        for step in 1...400 { volume.value = Double(step) }
      }
      for step in 1...100 {
        slider.userMoved(to: -Double(step))
        await Task.yield()
      }
      await background.value
      // Queued behind every write the background changes handed to the main queue.
      await changeOnABackgroundThread {}
      #expect(slider.value == volume.value)
      #expect(slider.writesOffTheMainThread == 0)
    }

    @Test("deliveredOnSendingThread() opts a two-way side out of the main thread as well")
    @MainActor
    func optOut() async {
      let slider = MainActorTestSlider()
      let volume = MutableProperty(0.3)
      let endpoint = slider.reactive.value
      let sendingThread = BindingEndpoint(
        target: endpoint.bindingTarget.deliveredOnSendingThread(), changes: slider.userChanges)
      volume <~> sendingThread
      await changeOnABackgroundThread { volume.value = 0.8 }
      #expect(slider.value == 0.8)
      #expect(slider.writesOffTheMainThread == 1)
    }

    @Test("an endpoint's own deliveredOnSendingThread() keeps its identity: it is the same target, not a twin")
    @MainActor
    func endpointOptOut() async {
      let slider = MainActorTestSlider()
      let volume = MutableProperty(0.3)
      let quiet = MutableProperty(0.1)
      volume <~> slider.reactive.value.deliveredOnSendingThread()
      await changeOnABackgroundThread { volume.value = 0.8 }
      #expect(slider.value == 0.8)
      #expect(slider.writesOffTheMainThread == 1)
      let other = MainActorTestSlider()
      other.reactive.value.deliveredOnSendingThread() <~ volume
      other.reactive.value.delivered(on: ImmediateScheduler.shared) <~ quiet
      #expect(other.value == 0.1)
      #expect(other.bindings.count == 1, "the second binding replaced the first: one writer per property")
    }
  }
}

/// An owner with hand-written targets, to check what introspection calls them.
final class NamedTargetsTestOwner: BindingOwner {
  let bindings = BindingBag()
  var last = ""
}

extension Reactive where Base: NamedTargetsTestOwner {
  var shout: BindingTarget<Base, String> {
    BindingTarget(base) { owner, text in owner.last = text.uppercased() }
  }
}

@Suite("what introspection calls a hand-written target", .releasesEveryObject)
struct TargetNameTests {
  @Test("a target made in a Reactive extension member is named after the member")
  func member() {
    let owner = NamedTargetsTestOwner()
    Just("hi") ~> owner.reactive.shout
    let names = PassthroughSubject<String, Never>()
    names ~> owner.reactive.shout
    #expect(owner.bindings.liveBindings.map(\.target) == ["NamedTargetsTestOwner.shout"])
  }

  @Test("a target made in a function says which function")
  func function() {
    let owner = NamedTargetsTestOwner()
    let names = PassthroughSubject<String, Never>()
    names ~> BindingTarget(owner) { owner, text in owner.last = text }
    #expect(owner.bindings.liveBindings.map(\.target) == ["NamedTargetsTestOwner target made in function()"])
  }
}

// Live-object accounting counts only in debug builds (`LiveObjectToken` is empty in release).
#if DEBUG
@Suite("live-object accounting of bindings", .releasesEveryObject)
struct BindingLiveObjectTests {
  @Test("a two-way link and a subject forwarder are counted while they live, and released with their owners")
  func counted() {
    let scope = LiveObjects.Scope()
    LiveObjects.$scope.withValue(scope) {
      var left: MutableProperty<Int>? = MutableProperty(1)
      let right = MutableProperty(2)
      left! <~> right
      let source = PassthroughSubject<Int, Never>()
      var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
      source ~> subject!
      let kinds = scope.liveKinds.map(\.kind)
      #expect(kinds.contains("TwoWayBindingLink"))
      #expect(kinds.contains("SubjectBindingForwarder"))
      left = nil
      subject = nil
      withExtendedLifetime(right) {}
    }
    #expect(scope.liveKinds.map(\.kind).filter { ["TwoWayBindingLink", "SubjectBindingForwarder"].contains($0) } == [])
  }

  @Test("a live binding is its sink alone: a dropped token is freed, and a kept one ends the binding")
  func bindingHoldsNoToken() {
    let scope = LiveObjects.Scope()
    LiveObjects.$scope.withValue(scope) {
      let label = BindingTestLabel()
      let text = PassthroughSubject<String?, Never>()
      let counts = PassthroughSubject<Int, Never>()
      label.reactive.text <~ text
      counts ~> label.reactive.count
      #expect(label.bindings.count == 2)
      #expect(scope.liveKinds.first { $0.kind == "BindingSink" }?.count == 2)
      #expect(scope.liveKinds.first { $0.kind == "AnyCancellable" } == nil, "a dropped token is still alive")
      text.send("kept")
      counts.send(1)
      #expect(label.text == "kept" && label.count == 1, "dropping the tokens ended the bindings")

      let newCounts = PassthroughSubject<Int, Never>()
      let kept = label.reactive.count <~ newCounts
      #expect(label.bindings.count == 2, "the new source replaced the old one")
      newCounts.send(2)
      #expect(label.count == 2)
      kept.cancel()
      #expect(label.bindings.count == 1, "cancelling a kept token ends its binding and leaves the bag")
      newCounts.send(3)
      #expect(label.count == 2, "the cancelled binding still writes")
      text.send("later")
      #expect(label.text == "later")
    }
    #expect(scope.count == 0)
  }
}
#endif
