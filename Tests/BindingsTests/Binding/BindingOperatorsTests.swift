import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("<~ and ~>", .releasesEveryObject)
struct BindingOperatorsTests {
  @Test("<~ binds a source to a key-path target and the target follows it")
  func inputBinding() {
    let label = BindingTestLabel()
    let viewModel = BindingTestViewModel(name: "Ada")
    label.reactive.text <~ viewModel.$name
    #expect(label.text == "Ada")
    viewModel.name = "Grace"
    #expect(label.text == "Grace")
  }

  @Test("~> binds in the direction the values flow, into a hand-written target")
  func outputBinding() {
    let edits = PassthroughSubject<String, Never>()
    let viewModel = BindingTestViewModel()
    edits ~> viewModel.reactive.rename
    edits.send("Ada")
    edits.send("Grace")
    #expect(viewModel.renames == ["Ada", "Grace"])
  }

  @Test("a String source binds to a String? target")
  func optionalLifting() {
    let label = BindingTestLabel()
    let name = PassthroughSubject<String, Never>()
    let token = label.reactive.text <~ name
    name.send("Ada")
    #expect(label.text == "Ada")
    name ~> label.reactive.text
    name.send("Grace")
    #expect(label.text == "Grace")
    _ = token
  }

  @Test("an optional source binds to an optional target without double wrapping")
  func optionalToOptional() {
    let label = BindingTestLabel()
    let name = CurrentValueSubject<String?, Never>(nil)
    label.text = "placeholder"
    label.reactive.text <~ name
    #expect(label.text == nil)
  }

  @Test("~> to an owner and a closure calls the closure with the owner, without retaining it")
  func closureBinding() {
    let edits = PassthroughSubject<String, Never>()
    weak var weakViewModel: BindingTestViewModel?
    do {
      let viewModel = BindingTestViewModel()
      weakViewModel = viewModel
      edits ~> (viewModel, { viewModel, name in viewModel.rename(name) })
      edits.send("Ada")
      #expect(viewModel.renames == ["Ada"])
    }
    #expect(weakViewModel == nil)
    #expect(edits.core.subscriberCount == 0)
  }

  @Test("bind(to:) with a closure calls it with the owner, and records where the binding was made")
  func bindToOwnerWithClosure() {
    let edits = PassthroughSubject<String, Never>()
    let viewModel = BindingTestViewModel()
    let line: UInt = #line + 1
    edits.bind(to: viewModel) { viewModel, name in viewModel.rename(name) }
    edits.send("Ada")
    #expect(viewModel.renames == ["Ada"])
    #expect(viewModel.bindings.liveBindings.map(\.line) == [line])
    #expect(viewModel.bindings.liveBindings.map(\.fileID) == [#fileID])
  }

  @Test("bind(to:) records the target and where the binding was made")
  func bindToTarget() {
    let label = BindingTestLabel()
    let viewModel = BindingTestViewModel(name: "Ada")
    let line: UInt = #line + 1
    viewModel.$name.bind(to: label.reactive.text)
    #expect(label.text == "Ada")
    #expect(
      label.bindings.liveBindings == [BindingRecord(target: "\\BindingTestLabel.text", fileID: #fileID, line: line)])
    #expect(
      "\(label.bindings.liveBindings[0])" == "\\BindingTestLabel.text ← bound at \(#fileID):\(line)")
  }

  @Test("both operators return a token that unbinds early, and removes the binding from the owner")
  func tokenUnbinds() {
    let label = BindingTestLabel()
    let name = PassthroughSubject<String, Never>()
    let token = label.reactive.text <~ name
    name.send("Ada")
    token.cancel()
    name.send("Grace")
    #expect(label.text == "Ada")
    #expect(label.bindings.count == 0)
    #expect(name.core.subscriberCount == 0)
  }

  @Test("dropping the returned token does not unbind: the owner keeps the binding")
  func discardedTokenKeepsBinding() {
    let label = BindingTestLabel()
    let name = PassthroughSubject<String, Never>()
    do {
      _ = label.reactive.text <~ name
    }
    name.send("Ada")
    #expect(label.text == "Ada")
  }

  @Test("a new source bound to the same key-path target replaces the previous binding")
  func oneSourcePerTarget() {
    let label = BindingTestLabel()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()
    label.reactive.text <~ first
    label.reactive.text <~ second
    #expect(first.core.subscriberCount == 0)
    first.send("stale")
    second.send("fresh")
    #expect(label.text == "fresh")
    #expect(label.bindings.count == 1)
  }

  @Test("different targets of one owner, and targets without an identity, do not replace each other")
  func differentTargetsCoexist() {
    let label = BindingTestLabel()
    let text = PassthroughSubject<String, Never>()
    let count = PassthroughSubject<Int, Never>()
    label.reactive.text <~ text
    label.reactive.count <~ count
    text ~> (label, { label, text in label.text = text })
    text ~> (label, { label, text in label.text = text })
    #expect(label.bindings.count == 4)
  }

  @Test("a cell re-bound to a hundred view models in turn ends with one binding, to the last one")
  func reusedCell() {
    let cell = BindingTestLabel()
    var viewModels: [BindingTestViewModel] = []
    for index in 0..<100 {
      let viewModel = BindingTestViewModel(name: "model \(index)")
      viewModels.append(viewModel)
      cell.reactive.text <~ viewModel.$name
    }
    #expect(cell.bindings.count == 1)
    #expect(cell.text == "model 99")
    viewModels[3].name = "stale"
    #expect(cell.text == "model 99")
    viewModels[99].name = "fresh"
    #expect(cell.text == "fresh")
    #expect(viewModels.filter { $0.$name.storage.subject.core.subscriberCount > 0 }.count == 1)
  }

  @Test("removeAll ends every binding of a reused cell, which can then bind again")
  func removeAllForReuse() {
    let cell = BindingTestLabel()
    let first = BindingTestViewModel(name: "first")
    cell.reactive.text <~ first.$name
    cell.reactive.count <~ PassthroughSubject<Int, Never>()
    cell.bindings.removeAll()
    #expect(cell.bindings.count == 0)
    first.name = "stale"
    #expect(cell.text == "first")
    let second = BindingTestViewModel(name: "second")
    cell.reactive.text <~ second.$name
    #expect(cell.text == "second")
    #expect(cell.bindings.count == 1)
  }

  @Test("~> into a subject forwards values, for as long as the subject lives")
  func forwardingIntoSubject() {
    let source = PassthroughSubject<Int, Never>()
    let recorder = RecordingSubscriber<Int, Never>()
    let probe = BindingLifetimeProbe()
    weak var weakSubject: PassthroughSubject<Int, Never>?
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      subject.subscribe(recorder)
      source.probed(probe, "source") ~> subject
      source.send(1)
      source.send(2)
    }
    #expect(weakSubject == nil)
    #expect(probe.survivors == [])
    #expect(source.core.subscriberCount == 0, "the subject's deallocation did not end the forwarding")
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.cancel()
  }

  @Test("~> into a subject does not complete the subject when the source finishes")
  func forwardingDoesNotComplete() {
    let source = PassthroughSubject<Int, Never>()
    let subject = CurrentValueSubject<Int, Never>(0)
    source ~> subject
    source.send(1)
    source.send(completion: .finished)
    subject.send(2)
    #expect(subject.value == 2)
    #expect(source.core.subscriberCount == 0)
  }

  @Test("~> into a value holder is owned by the holder")
  func forwardingIntoValueHolder() {
    let source = PassthroughSubject<Int, Never>()
    weak var weakProperty: MutableProperty<Int>?
    do {
      let property = MutableProperty(0)
      weakProperty = property
      source ~> property
      source.send(3)
      #expect(property.value == 3)
      #expect(property.bindings.count == 1)
    }
    #expect(weakProperty == nil)
    #expect(source.core.subscriberCount == 0)
  }

  @Test("<~ and <~> sit in DefaultPrecedence, like the standard library's ~>")
  func precedence() {
    let label = BindingTestLabel()
    let names = PassthroughSubject<String, Never>()
    // Assignment binds more loosely than DefaultPrecedence, so the token is what gets assigned.
    let token: AnyCancellable = label.reactive.text <~ names
    let other: AnyCancellable = names ~> label.reactive.text
    #expect(token != other)
  }
}

extension MainThreadSerialized {
  @Suite("first value", .releasesEveryObject)
  struct BindingFirstValueTests {
    @Test("a binding made on the thread its target delivers on holds the current value before <~ returns")
    @MainActor
    func synchronousOnTheDeliveringThread() {
      let label = BindingTestLabel()
      let viewModel = BindingTestViewModel(name: "Ada")
      label.reactive.text.delivered(on: MainThreadScheduler.shared) <~ viewModel.$name
      #expect(label.text == "Ada")
    }

    @Test("a binding made on another thread gets its first value through the target's scheduler")
    @MainActor
    func throughTheSchedulerFromElsewhere() async {
      let label = BindingTestLabel()
      let viewModel = BindingTestViewModel(name: "Ada")
      let log = SchedulerTestLog()
      let target = BindingTarget(label, scheduler: MainThreadScheduler.shared) { (label, text: String?) in
        label.text = text
        log.append(MainThreadScheduler.shared.isMainThread ? "written on the main thread" : "written elsewhere")
      }
      let handoff = SendableBox((target, viewModel))
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          let (target, viewModel) = handoff.value
          target <~ viewModel.$name
          log.append("bound")
          // Queued behind the hop that carries the first value.
          DispatchQueue.main.async { continuation.resume() }
        }
      }
      #expect(log.entries.sorted() == ["bound", "written on the main thread"])
      #expect(label.text == "Ada")
    }

    @Test("a sink with a scheduler delivers every value through it")
    func sinkWithScheduler() {
      let scheduler = CountingBindingScheduler()
      let owner = BindingTestLabel()
      let subject = PassthroughSubject<String, Never>()
      subject.subscribe(BindingSink(owner: owner, scheduler: scheduler) { owner, text in owner.text = text })
      subject.send("Ada")
      #expect(scheduler.count == 1)
      #expect(owner.text == "Ada")
      subject.send(completion: .finished)
    }
  }
}

/// Carries a non-Sendable value to another thread in a test where the handoff is ordered.
final class SendableBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A scheduler that runs actions at once and counts them.
final class CountingBindingScheduler: Scheduler, @unchecked Sendable {
  typealias SchedulerTimeType = ImmediateScheduler.SchedulerTimeType
  typealias SchedulerOptions = Never

  private let lock = NSLock()
  private var scheduled = 0
  var count: Int { lock.withLock { scheduled } }

  var now: SchedulerTimeType { ImmediateScheduler.shared.now }
  var minimumTolerance: SchedulerTimeType.Stride { ImmediateScheduler.shared.minimumTolerance }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    lock.withLock { scheduled += 1 }
    action()
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
  ) {
    schedule(options: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(options: nil, action)
    return AnyCancellable {}
  }
}
