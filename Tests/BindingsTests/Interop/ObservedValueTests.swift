import BindingsTesting
import Observation
import Testing

@testable import Bindings

@Observable
final class ObservedPerson {
  var first = "Ada"
  var last = "Lovelace"
  var tags: [String] = []
  var score = NotEquatable(0)
}

/// A value that is not Equatable, so every coalesced change is delivered.
struct NotEquatable {
  var raw: Int
  init(_ raw: Int) { self.raw = raw }
}

/// A value whose equality check runs a probe, to check where the check runs.
struct ProbedEquatable: Equatable, Sendable {
  var raw: Int
  var probe: @Sendable () -> Void = {}

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.probe()
    return lhs.raw == rhs.raw
  }
}

@Observable
final class ProbedModel {
  var probed = ProbedEquatable(raw: 0)
  var object = ReleaseProbe(0)
}

/// An `@Observable` model that also owns bindings, so its properties are binding targets.
@Observable
final class ObservedEditor: BindingOwner {
  @ObservationIgnored let bindings = BindingBag()
  var title = ""
}

@Suite("Observation: an @Observable property as a publisher and as a binding target", .releasesEveryObject)
struct ObservedValueTests {
  @Test("delivers the current value at once, then each change with the value already stored (rules 1, 2)")
  func currentValueThenChanges() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<String, Never>()
    person.observe(\.first, on: scheduler).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value("Ada")])
    person.first = "Grace"
    #expect(recorder.values == ["Ada"], "nothing is delivered before the scheduled read")
    scheduler.advance()
    person.first = "Lin"
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value("Ada"), .value("Grace"), .value("Lin")])
    recorder.cancel()
  }

  @Test("changes made before the scheduled read are delivered once, as their final value (rule 3)")
  func coalescesATransaction() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<String, Never>()
    person.observe(\.first, on: scheduler).subscribe(recorder)
    person.first = "Grace"
    person.first = "Lin"
    person.first = "Mary"
    #expect(scheduler.scheduledActionCount == 1)
    scheduler.advance()
    #expect(recorder.values == ["Ada", "Mary"])
    recorder.cancel()
  }

  @Test("an Equatable value equal to the last delivered one is not delivered (rule 4)")
  func skipsEqualValues() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<String, Never>()
    person.observe(\.first, on: scheduler).subscribe(recorder)
    person.first = "Ada"
    scheduler.advance()
    person.first = "Grace"
    person.first = "Ada"
    scheduler.advance()
    #expect(recorder.values == ["Ada"])
    recorder.cancel()
  }

  @Test("the equality check is user code: it runs without the subscription's lock held (rule 4)")
  func comparesOutsideTheLock() {
    let model = ProbedModel()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<ProbedEquatable, Never>()
    // Weak: the recorder keeps the value it received, and the value keeps this closure.
    let weakRecorder = WeakRecorderReference(recorder)
    model.probed = ProbedEquatable(raw: 1) { expectNoLockHeld { weakRecorder.recorder?.request(.max(1)) } }
    model.observe(\.probed, on: scheduler).subscribe(recorder)
    model.probed = ProbedEquatable(raw: 1)
    scheduler.advance()
    model.probed = ProbedEquatable(raw: 2)
    scheduler.advance()
    #expect(recorder.values.map(\.raw) == [1, 2])
    recorder.cancel()
  }

  @Test("a read replaced before it was delivered is let go after the lock: its deinit may use the subscription")
  func releasesReplacedReadOutsideTheLock() {
    let model = ProbedModel()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<ReleaseProbe, Never>(initialDemand: .none)
    model.object = ReleaseProbe(1) { expectNoLockHeld { recorder.request(.max(1)) } }
    model.observe(\.object, on: scheduler).subscribe(recorder)
    model.object = ReleaseProbe(2)
    scheduler.advance()
    #expect(recorder.values.map(\.id) == [2])
    recorder.cancel()
  }

  @Test("a value that is not Equatable is delivered after every coalesced change (rule 4)")
  func deliversNonEquatableValues() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<NotEquatable, Never>()
    person.observe(\.score, on: scheduler).subscribe(recorder)
    person.score = NotEquatable(0)
    scheduler.advance()
    person.score = NotEquatable(1)
    person.score = NotEquatable(2)
    scheduler.advance()
    #expect(recorder.values.map(\.raw) == [0, 0, 2])
    recorder.cancel()
  }

  @Test("an expression is read again when any observable property it read changes")
  func observesAnExpression() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<String, Never>()
    Publishers.ObservedValue(on: scheduler) { "\(person.first) \(person.last)" }.subscribe(recorder)
    person.last = "Byron"
    scheduler.advance()
    person.first = "Augusta"
    person.last = "King"
    scheduler.advance()
    #expect(recorder.values == ["Ada Lovelace", "Ada Byron", "Augusta King"])
    recorder.cancel()
  }

  @Test("without demand only the latest read is kept, and it is delivered when demand arrives (rule 5)")
  func honoursDemand() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<String, Never>(initialDemand: .max(1))
    person.observe(\.first, on: scheduler).subscribe(recorder)
    person.first = "Grace"
    scheduler.advance()
    person.first = "Lin"
    scheduler.advance()
    #expect(recorder.values == ["Ada"])
    recorder.request(.max(5))
    #expect(recorder.values == ["Ada", "Lin"])
    person.first = "Mary"
    scheduler.advance()
    #expect(recorder.values == ["Ada", "Lin", "Mary"])
    recorder.cancel()
  }

  @Test("nothing is delivered after cancel, and the subscription is released at once (rule 6)")
  func nothingAfterCancel() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    weak var weakSubscription: AnyObject?
    let recorder = RecordingSubscriber<String, Never>()
    do {
      person.observe(\.first, on: scheduler).subscribe(recorder)
      weakSubscription = recorder.subscription.map { $0 as AnyObject }
      person.first = "Grace"
      recorder.cancel()
    }
    scheduler.advance()
    person.first = "Lin"
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value("Ada")])
    #expect(weakSubscription == nil, "the installed tracking must not keep the subscription alive")
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test("a key-path publisher finishes when its object is deallocated, and holds it only weakly (rule 6)")
  func finishesWhenTheObjectDies() {
    let scheduler = TestScheduler()
    let recorder = RecordingSubscriber<String, Never>()
    weak var weakPerson: ObservedPerson?
    do {
      let person = ObservedPerson()
      weakPerson = person
      person.observe(\.first, on: scheduler).subscribe(recorder)
    }
    #expect(weakPerson == nil)
    scheduler.advance()
    #expect(recorder.events == [.subscription, .value("Ada"), .completion(.finished)])
  }

  @Test("label.reactive.text <~ model.observe(\\.first) follows the model until the label is gone")
  func bindsToATarget() {
    let person = ObservedPerson()
    let scheduler = TestScheduler()
    var label: BindingTestLabel? = BindingTestLabel()
    weak let weakLabel = label
    label!.reactive.text <~ person.observe(\.first, on: scheduler)
    #expect(label?.text == "Ada")
    person.first = "Grace"
    scheduler.advance()
    #expect(label?.text == "Grace")
    label = nil
    #expect(weakLabel == nil)
    person.first = "Lin"
    #expect(scheduler.scheduledActionCount == 0, "the binding ended with its owner: no read is scheduled")
  }

  @Test("a binding target writes an @Observable property, and Observation sees the write")
  func writesAnObservableProperty() {
    let editor = ObservedEditor()
    let titles = PassthroughSubject<String, Never>()
    editor.reactive.title <~ titles
    let changed = Counter()
    withObservationTracking({ _ = editor.title }, onChange: { changed.increment() })
    titles.send("Draft")
    #expect(editor.title == "Draft")
    #expect(changed.value == 1)
  }

  @Test("an observed property of one model drives a property of another")
  func drivesAnotherModel() {
    let person = ObservedPerson()
    let editor = ObservedEditor()
    let scheduler = TestScheduler()
    editor.reactive.title <~ person.observe(\.first, on: scheduler)
    #expect(editor.title == "Ada")
    person.first = "Grace"
    scheduler.advance()
    #expect(editor.title == "Grace")
  }
}

/// A weak reference a `@Sendable` closure can capture.
private final class WeakRecorderReference: @unchecked Sendable {
  weak var recorder: RecordingSubscriber<ProbedEquatable, Never>?
  init(_ recorder: RecordingSubscriber<ProbedEquatable, Never>) { self.recorder = recorder }
}
