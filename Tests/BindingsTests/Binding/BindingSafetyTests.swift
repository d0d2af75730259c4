import Foundation
import Testing

@testable import Bindings

/// A view that belongs to the main actor, as UIKit and AppKit views do.
@MainActor
final class MainActorTestLabel: MainActorBindingOwner {
  let bindings = BindingBag()
  private(set) var writesOffTheMainThread = 0
  var text: String? {
    didSet {
      if !MainThreadScheduler.shared.isMainThread { writesOffTheMainThread += 1 }
    }
  }
}

/// A badge with a hand-written target, in a `@MainActor` extension.
@MainActor
final class MainActorTestBadge: MainActorBindingOwner {
  let bindings = BindingBag()
  var count = 0
  var isHidden = true
  private(set) var writesOffTheMainThread = 0

  func show(_ count: Int) {
    if !MainThreadScheduler.shared.isMainThread { writesOffTheMainThread += 1 }
    self.count = count
    isHidden = count == 0
  }
}

@MainActor
extension Reactive where Base: MainActorTestBadge {
  var count: BindingTarget<Base, Int> {
    BindingTarget(onMainActor: base, identity: \MainActorTestBadge.count) { badge, count in badge.show(count) }
  }
}

/// Runs `body` on a background thread and waits until the main queue has run what it queued.
@MainActor
func changeOnABackgroundThread(_ body: @escaping @Sendable () -> Void) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.global().async {
      body()
      // Queued behind the hops the change made.
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}

extension MainThreadSerialized {
  @Suite("main-actor owners", .releasesEveryObject)
  struct MainActorOwnerTests {
    @Test("a key-path target of a main-actor owner holds the current value before <~ returns on the main thread")
    @MainActor
    func synchronousOnTheMainThread() {
      let label = MainActorTestLabel()
      let name = MutableProperty("Ada")
      label.reactive.text <~ name
      #expect(label.text == "Ada")
    }

    @Test("a change made on a background thread is written on the main thread")
    @MainActor
    func backgroundChangeWrittenOnMain() async {
      let label = MainActorTestLabel()
      let name = MutableProperty("Ada")
      label.reactive.text <~ name
      await changeOnABackgroundThread { name.value = "Grace" }
      #expect(label.text == "Grace")
      #expect(label.writesOffTheMainThread == 0)
    }

    @Test("deliveredOnSendingThread() opts out: the write happens on the sending thread")
    @MainActor
    func optOut() async {
      let label = MainActorTestLabel()
      let name = MutableProperty("Ada")
      label.reactive.text.deliveredOnSendingThread() <~ name
      await changeOnABackgroundThread { name.value = "Grace" }
      #expect(label.text == "Grace")
      #expect(label.writesOffTheMainThread == 1)
    }

    @Test("a value sent on the main thread waits behind one a background thread queued: written in send order")
    @MainActor
    func mainThreadValueDoesNotOvertakeAQueuedOne() async {
      let label = MainActorTestLabel()
      let name = MutableProperty("Ada")
      label.reactive.text <~ name
      // The background change is queued for the main thread; the main thread's change, sent while it
      // waits, must not be written before it.
      let sent = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        name.value = "Grace"
        sent.signal()
      }
      sent.wait()
      name.value = "Barbara"
      #expect(label.text == "Ada", "the main thread's value waits behind the queued one")
      await changeOnABackgroundThread {}
      #expect(label.text == "Barbara", "the last value sent is the one shown")
      #expect(label.writesOffTheMainThread == 0)
    }

    @Test("a hand-written target made with onMainActor writes on the main thread")
    @MainActor
    func handWrittenTarget() async {
      let badge = MainActorTestBadge()
      let count = MutableProperty(0)
      badge.reactive.count <~ count
      await changeOnABackgroundThread { count.value = 3 }
      #expect(badge.count == 3)
      #expect(!badge.isHidden)
      #expect(badge.writesOffTheMainThread == 0)
    }
  }
}

@Suite("one identity per property", .releasesEveryObject)
struct BindingIdentityTests {
  @Test("m.reactive.value <~ a then m <~ b leaves one binding: b's")
  func propertySpellings() {
    let m = MutableProperty(0)
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    m.reactive.value <~ a
    m <~ b
    #expect(m.bindings.count == 1)
    a.send(1)
    #expect(m.value == 0)
    b.send(2)
    #expect(m.value == 2)
  }

  @Test("a two-way binding replaces a one-way binding into its left side, whatever the spelling")
  func twoWayReplacesOneWay() {
    let m = MutableProperty("")
    let feed = PassthroughSubject<String, Never>()
    let other = MutableProperty("Ada")
    m.reactive.value <~ feed
    m <~> other
    #expect(m.bindings.count == 1)
    feed.send("ignored")
    #expect(m.value == "Ada")
  }

  @Test("a one-way binding and a two-way binding that feed each other end instead of looping")
  func oneWayAndTwoWayDoNotLivelock() {
    final class Field: BindingOwner {
      let bindings = BindingBag()
      @Published var text = ""
    }
    let field = Field()
    let viewModel = BindingTestViewModel(name: "Ada")
    viewModel.$name.bind(to: field.reactive.text)
    field.$text <~> viewModel.$name
    var deliveries = 0
    let counting = viewModel.$name.sink { _ in deliveries += 1 }
    viewModel.name = "Grace"
    #expect(field.text == "Grace")
    #expect(viewModel.name == "Grace")
    // The loop is cut after a bounded number of rounds; before, this never returned.
    #expect(deliveries < 10_000)
    withExtendedLifetime(counting) {}
  }
}

@Suite("binding a value to itself", .releasesEveryObject)
struct SelfBindingTests {
  @Test("p <~ p does nothing and returns a cancelled token")
  func propertyToItself() {
    let p = MutableProperty(1)
    p <~ p
    p.reactive.value <~ p
    #expect(p.bindings.count == 0)
    p.value = 2
    #expect(p.value == 2)
  }

  @Test("$x <~ $x does nothing")
  func publishedToItself() {
    let viewModel = BindingTestViewModel(name: "Ada")
    viewModel.$name <~ viewModel.$name
    viewModel.name = "Grace"
    #expect(viewModel.name == "Grace")
  }

  @Test("a <~> a does nothing")
  func twoWayToItself() {
    let a = MutableProperty(1)
    a <~> a
    #expect(a.bindings.count == 0)
    a.value = 2
    #expect(a.value == 2)
  }

  @Test("a closure target of a property fed by that property is not refused")
  func closureTargetOfItselfAllowed() {
    let p = MutableProperty(1)
    var seen: [Int] = []
    p ~> (p, { _, value in seen.append(value) })
    p.value = 2
    #expect(seen == [1, 2])
  }
}

@Suite("reused cells", .releasesEveryObject)
struct ReusedCellTests {
  final class Cell: BindingOwner {
    let bindings = BindingBag()
    let taps = PassthroughSubject<Void, Never>()
    let titleLabel = BindingTestLabel()
  }

  final class RowViewModel: BindingOwner {
    let bindings = BindingBag()
    @Published var title: String
    private(set) var selections = 0

    init(title: String) { self.title = title }

    func select() { selections += 1 }
  }

  @Test("bindings stored in the cell's bag, in either direction, end with removeAll()")
  func removeAllEndsBothDirections() {
    let cell = Cell()
    let first = RowViewModel(title: "first")
    (cell.titleLabel.reactive.text <~ first.$title).store(in: cell.bindings)
    (cell.taps ~> (first, { viewModel, _ in viewModel.select() })).store(in: cell.bindings)
    cell.taps.send()
    #expect(first.selections == 1)

    cell.bindings.removeAll()  // prepareForReuse
    let second = RowViewModel(title: "second")
    (cell.titleLabel.reactive.text <~ second.$title).store(in: cell.bindings)
    (cell.taps ~> (second, { viewModel, _ in viewModel.select() })).store(in: cell.bindings)

    cell.taps.send()
    first.title = "stale"
    #expect(first.selections == 1)
    #expect(second.selections == 1)
    #expect(cell.titleLabel.text == "second")
    #expect(first.bindings.count == 0)
  }
}

@Suite("forwarding into a subject", .releasesEveryObject)
struct SubjectForwardingTests {
  @Test("when the subject completes, the source's subscription is cancelled")
  func subjectCompletionCancelsSource() {
    let source = PassthroughSubject<Int, Never>()
    let subject = PassthroughSubject<Int, Never>()
    var cancelled = false
    source.handleEvents(receiveCancel: { cancelled = true }) ~> subject
    subject.send(completion: .finished)
    #expect(cancelled)
  }

  @Test("values still flow until the subject completes")
  func valuesFlow() {
    let source = PassthroughSubject<Int, Never>()
    let subject = CurrentValueSubject<Int, Never>(0)
    source ~> subject
    source.send(1)
    #expect(subject.value == 1)
  }
}

@Suite("two-way options", .releasesEveryObject)
struct TwoWayOptionsTests {
  @Test("bindTwoWay(with:initialValueFrom: .left) starts from the left side's value")
  func seedFromLeft() {
    let draft = MutableProperty("typed so far")
    let saved = MutableProperty("")
    draft.bindTwoWay(with: saved, initialValueFrom: .left)
    #expect(saved.value == "typed so far")
    #expect(draft.value == "typed so far")
    saved.value = "loaded"
    #expect(draft.value == "loaded")
    draft.value = "edited"
    #expect(saved.value == "edited")
  }

  @Test("an optional endpoint binds both ways to a non-optional one; nil is not written back")
  func optionalLifting() {
    let text = MutableProperty<String?>(nil)
    let name = MutableProperty("Ada")
    text <~> name
    #expect(text.value == "Ada")
    text.value = nil
    #expect(name.value == "Ada")
    text.value = "Grace"
    #expect(name.value == "Grace")
    name.value = "Alan"
    #expect(text.value == "Alan")
  }

  @Test("a non-optional endpoint binds both ways to an optional one")
  func optionalLiftingOnTheRight() {
    let name = MutableProperty("Ada")
    let text = MutableProperty<String?>("Grace")
    name <~> text
    #expect(name.value == "Grace")
    text.value = nil
    #expect(name.value == "Grace")
  }

  @Test("an endpoint without an initial value seeds nothing: the left keeps its value until a change")
  func endpointWithoutInitialValue() {
    let slider = BindingTestSlider()
    let volume = MutableProperty(0.3)
    volume <~> slider.reactive.value
    #expect(volume.value == 0.3)
    slider.userMoved(to: 0.8)
    #expect(volume.value == 0.8)
    volume.value = 0.1
    #expect(slider.value == 0.1)
  }
}
