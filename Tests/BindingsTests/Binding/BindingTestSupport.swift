import Foundation

@testable import Bindings

/// A label-like owner: one stored property to adopt `BindingOwner`, and a writable text.
final class BindingTestLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
  var count = 0
  private(set) var writes: [String?] = []

  var recordedText: String? {
    get { text }
    set {
      text = newValue
      writes.append(newValue)
    }
  }
}

/// A label whose `text` has a hand-written reactive extension, which must win over the key path.
final class BindingTestBadge: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

extension Reactive where Base: BindingTestBadge {
  var text: BindingTarget<Base, String?> {
    BindingTarget(base, identity: "badge text", description: "badge text") { badge, text in
      badge.text = text.map { "[\($0)]" }
    }
  }
}

/// A view model with an observable name and a method that bindings call.
final class BindingTestViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var name: String
  private(set) var renames: [String] = []

  init(name: String = "Ada") {
    self.name = name
  }

  func rename(_ name: String) {
    renames.append(name)
  }
}

extension Reactive where Base: BindingTestViewModel {
  var rename: BindingTarget<Base, String> {
    BindingTarget(base, description: "rename") { viewModel, name in viewModel.rename(name) }
  }
}

/// Records weak references to every subscriber and subscription that passes through a probed
/// stage, so a test can expect all of them gone.
final class BindingLifetimeProbe: @unchecked Sendable {
  private struct Tracked {
    let name: String
    weak var object: AnyObject?
  }

  private let lock = NSLock()
  private var tracked: [Tracked] = []
  /// Stages whose subscriber or subscription is a value type, which cannot leak on its own.
  private(set) var untracked: [String] = []

  func track(_ name: String, _ value: Any) {
    guard type(of: value) is AnyObject.Type else {
      lock.withLock { untracked.append("\(name): \(type(of: value))") }
      return
    }
    let object = value as AnyObject
    lock.withLock { tracked.append(Tracked(name: name, object: object)) }
  }

  /// The names of the tracked objects that are still alive.
  var survivors: [String] {
    lock.withLock { tracked.filter { $0.object != nil }.map(\.name) }
  }

  /// The names of every tracked object.
  var trackedNames: [String] {
    lock.withLock { tracked.map(\.name) }
  }

  /// How many objects were tracked.
  var trackedCount: Int {
    lock.withLock { tracked.count }
  }
}

extension Publisher {
  /// Passes everything through unchanged, tracking the subscriber below and the subscription
  /// above this point.
  func probed(_ probe: BindingLifetimeProbe, _ stage: String) -> BindingProbedPublisher<Self> {
    BindingProbedPublisher(upstream: self, probe: probe, stage: stage)
  }
}

struct BindingProbedPublisher<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure

  let upstream: Upstream
  let probe: BindingLifetimeProbe
  let stage: String

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    probe.track("subscriber below \(stage)", subscriber)
    let inner = Inner(downstream: subscriber, probe: probe, stage: stage)
    probe.track("probe at \(stage)", inner)
    upstream.subscribe(inner)
  }

  private final class Inner<Downstream: Subscriber>: Subscriber, @unchecked Sendable
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    let downstream: Downstream
    let probe: BindingLifetimeProbe
    let stage: String

    init(downstream: Downstream, probe: BindingLifetimeProbe, stage: String) {
      self.downstream = downstream
      self.probe = probe
      self.stage = stage
    }

    func receive(subscription: any Subscription) {
      probe.track("subscription above \(stage)", subscription)
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(input) }
    func receive(completion: Subscribers.Completion<Upstream.Failure>) { downstream.receive(completion: completion) }
  }
}
