import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// The lifetime contract of DESIGN.md ("Lifetimes: who holds whom"), for every kind of binding,
/// made directly on the source and through `map` → `filter` → `removeDuplicates`.
@Suite("binding lifetimes", .releasesEveryObject)
struct BindingLifetimeTests {
  enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case input, output, twoWay, inlineClosure, ownerClosure, keyPath
    var testDescription: String { rawValue }
  }

  enum Route: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case direct, chain
    var testDescription: String { rawValue }
  }

  /// One binding under test: the owner (held only by `owner`), its source, and the probe that
  /// tracks the sink and every subscription between them.
  final class Scenario {
    let kind: Kind
    let route: Route
    let probe = BindingLifetimeProbe()
    var owner: LifetimeOwner?
    var source: CurrentValueSubject<Int, Never>?
    /// The other side of a two-way binding; it outlives the owner.
    let peer = LifetimeOwner()
    weak var weakOwner: LifetimeOwner?
    weak var weakSource: CurrentValueSubject<Int, Never>?

    init(kind: Kind, route: Route) {
      self.kind = kind
      self.route = route
      let owner = LifetimeOwner()
      let source = CurrentValueSubject<Int, Never>(0)
      self.owner = owner
      self.source = source
      weakOwner = owner
      weakSource = source
    }

    var sourceSubscriberCount: Int { weakSource?.core.subscriberCount ?? 0 }

    func publisher() -> AnyPublisher<Int, Never> {
      let probed = source!.probed(probe, "source")
      switch route {
      case .direct:
        return probed.eraseToAnyPublisher()
      case .chain:
        return
          probed
          .map { $0 }.probed(probe, "map")
          .filter { _ in true }.probed(probe, "filter")
          .removeDuplicates().probed(probe, "removeDuplicates")
          .eraseToAnyPublisher()
      }
    }

    @discardableResult
    func bind() -> AnyCancellable {
      let owner = self.owner!
      switch kind {
      case .input:
        return owner.reactive.record <~ publisher()
      case .output:
        return publisher() ~> owner.reactive.record
      case .twoWay:
        let other = BindingEndpoint(target: peer.reactive.value, changes: publisher())
        return owner.property <~> other
      case .inlineClosure:
        return publisher() ~> (owner, { owner, value in owner.received.append(value) })
      case .ownerClosure:
        return publisher().bind(to: owner) { owner, value in owner.received.append(value) }
      case .keyPath:
        return owner.reactive.value <~ publisher()
      }
    }

    /// The bag the binding lives in.
    var bag: BindingBag? {
      kind == .twoWay ? owner?.property.bindings : owner?.bindings
    }
  }

  final class LifetimeOwner: BindingOwner {
    let bindings = BindingBag()
    let property = MutableProperty(-1)
    var value = -1
    var received: [Int] = []
  }

  @Test(
    "the owner's deallocation cancels the upstream at once, before any further value", arguments: Kind.allCases,
    Route.allCases)
  func ownerDeallocationCancelsUpstream(kind: Kind, route: Route) {
    let scenario = Scenario(kind: kind, route: route)
    scenario.bind()
    scenario.source?.send(1)
    #expect(scenario.sourceSubscriberCount == 1)
    scenario.owner = nil
    #expect(scenario.weakOwner == nil)
    #expect(scenario.sourceSubscriberCount == 0, "the upstream was not cancelled when the owner died")
  }

  @Test("afterwards no object of the binding survives", arguments: Kind.allCases, Route.allCases)
  func nothingSurvives(kind: Kind, route: Route) {
    let scenario = Scenario(kind: kind, route: route)
    scenario.bind()
    scenario.source?.send(1)
    // A subject hands out value-type subscriptions (they hold only the subject), so at the source
    // only the subscriber is an object to track.
    #expect(
      scenario.probe.trackedCount >= (route == .direct ? 2 : 7),
      "\(scenario.probe.trackedNames) \(scenario.probe.untracked)")
    scenario.owner = nil
    scenario.source = nil
    #expect(scenario.weakOwner == nil, "the owner leaked")
    #expect(scenario.weakSource == nil, "the source leaked")
    #expect(scenario.probe.survivors == [], "these objects of the binding leaked")
    #expect(scenario.peer.bindings.count == 0, "the other side of a two-way binding kept a dead entry")
  }

  @Test("a completed source removes its binding from the owner's storage", arguments: Kind.allCases, Route.allCases)
  func completionRemovesBinding(kind: Kind, route: Route) {
    let scenario = Scenario(kind: kind, route: route)
    scenario.bind()
    #expect(scenario.bag?.count == 1)
    scenario.source?.send(completion: .finished)
    #expect(scenario.bag?.count == 0)
    #expect(scenario.peer.bindings.count == 0)
    scenario.source = nil
    #expect(scenario.probe.survivors == [], "these objects of the binding leaked")
    #expect(scenario.weakOwner != nil)
  }

  @Test("values reach a live owner", arguments: Kind.allCases, Route.allCases)
  func valuesArrive(kind: Kind, route: Route) {
    let scenario = Scenario(kind: kind, route: route)
    scenario.bind()
    scenario.source?.send(7)
    let owner = scenario.owner!
    switch kind {
    case .input, .output, .inlineClosure, .ownerClosure: #expect(owner.received == [0, 7])
    case .keyPath: #expect(owner.value == 7)
    case .twoWay: #expect(owner.property.value == 7)
    }
  }

  @Test(
    "binding to an owner that is already gone does nothing and returns a cancelled token", arguments: Route.allCases)
  func alreadyGoneOwner(route: Route) {
    weak var weakOwner: LifetimeOwner?
    var record: BindingTarget<LifetimeOwner, Int>?
    var keyPath: BindingTarget<LifetimeOwner, Int>?
    var endpoint: BindingEndpoint<MutableProperty<Int>, Int>?
    do {
      let owner = LifetimeOwner()
      weakOwner = owner
      record = owner.reactive.record
      keyPath = owner.reactive.value
      endpoint = owner.property.bindingEndpoint
    }
    #expect(weakOwner == nil)
    let source = CurrentValueSubject<Int, Never>(0)
    let probe = BindingLifetimeProbe()
    let tokens = [
      record! <~ source.probed(probe, route.rawValue),
      source.probed(probe, route.rawValue) ~> record!,
      keyPath! <~ source.probed(probe, route.rawValue),
      endpoint! <~> MutableProperty(1),
      source.probed(probe, route.rawValue).bind(to: record!),
    ]
    #expect(tokens.count == 5)
    #expect(source.core.subscriberCount == 0, "a binding to a dead owner subscribed to its source")
    #expect(probe.survivors == [])
  }

  @Test(
    "the owner deallocated on one thread while another sends: no crash, no delivery to the dead owner",
    arguments: Kind.allCases, Route.allCases)
  func ownerDiesWhileAnotherThreadSends(kind: Kind, route: Route) {
    for _ in 0..<50 {
      let scenario = Scenario(kind: kind, route: route)
      scenario.bind()
      let source = scenario.source!
      let box = OwnerBox(scenario.owner)
      scenario.owner = nil
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          box.drop()
        } else {
          for value in 1...50 { source.send(value) }
        }
      }
      #expect(scenario.weakOwner == nil)
      #expect(source.core.subscriberCount == 0)
    }
  }

  /// Holds the owner so that one thread can release it while another sends.
  final class OwnerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var owner: LifetimeOwner?

    init(_ owner: LifetimeOwner?) {
      self.owner = owner
    }

    func drop() {
      let released = lock.withLock {
        let taken = owner
        owner = nil
        return taken
      }
      _ = released
    }
  }
}

extension Reactive where Base: BindingLifetimeTests.LifetimeOwner {
  var record: BindingTarget<Base, Int> {
    BindingTarget(base, description: "record") { owner, value in owner.received.append(value) }
  }
}
