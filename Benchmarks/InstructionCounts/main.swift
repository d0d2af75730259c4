// Runs one scenario of one implementation in a plain loop, for `Benchmarks/instructions`, which
// counts the instructions it executes under valgrind's callgrind. Instruction counts do not depend
// on what else the machine is doing, so their ratios are stable on a shared, noisy machine.
//
//   InstructionCounts <scenario> <implementation> <iterations>
//   scenario: s1 | s2 | s2m | s3 | s5 | s8 | s10 | none;  implementation: ours | peer | floor
//   (s2m: ours | floor)
//   or s7 | s7b (an owner with <iterations> bindings is made and deallocated) and s7-setup |
//   s7b-setup (the same owner is made, and the process ends with it alive): their difference is the
//   teardown alone.
//   InstructionCounts <c1…c5> <ours|floor> <iterations> <size>   (collection edits, CollectionFixtures.swift)
//   InstructionCounts <b1|b2|b3>[-setup] ours <iterations>   (making <iterations> bindings; the -setup variant
//   makes the same owners and sources and binds nothing, so their difference is the making alone)
import Bindings
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let iterations = Int(arguments[3]) else {
  print("usage: InstructionCounts <s1|s2|s3|s5|s7|s7b|s8|s10|none> <ours|peer|floor> <iterations>")
  exit(2)
}
let scenario = arguments[1]
let implementation = arguments[2]

func pipeline() -> any PipelineFixture {
  switch implementation {
  case "ours": OursPipeline()
  case "peer": PeerPipeline()
  default: FloorPipeline()
  }
}

func propertyBinding() -> any PropertyBindingFixture {
  switch implementation {
  case "ours": OursPropertyBinding()
  case "peer": PeerPropertyBinding()
  default: FloorPropertyBinding()
  }
}

func subscribeCancel() -> any SubscribeCancelFixture {
  switch implementation {
  case "ours": OursSubscribeCancel()
  case "peer": PeerSubscribeCancel()
  default: FloorSubscribeCancel()
  }
}

func fanOut() -> any FanOutFixture {
  switch implementation {
  case "ours": OursFanOut(subscribers: 10)
  case "peer": PeerFanOut(subscribers: 10)
  default: FloorFanOut(subscribers: 10)
  }
}

/// S8 has no OpenCombine column (OpenCombine 0.14.0 has no `combineLatest`): `peer` runs the floor.
func combineLatest() -> any CombineLatestFixture {
  switch implementation {
  case "ours": OursCombineLatest()
  default: FloorCombineLatest()
  }
}

func twoWay() -> any TwoWayFixture {
  switch implementation {
  case "ours": OursTwoWay()
  case "peer": PeerTwoWay()
  default: FloorTwoWay()
  }
}

/// S7 and S7b: an owner holding `bindings` bindings, to one source (S7) or to one source each (S7b).
func ownerTeardown(bindings: Int, oneSourceEach: Bool) -> any OwnerTeardownFixture {
  switch (implementation, oneSourceEach) {
  case ("ours", false): OursOwnerTeardown(bindings: bindings)
  case ("ours", true): OursOwnerTeardownManySources(bindings: bindings)
  case ("peer", false): PeerOwnerTeardown(bindings: bindings)
  case ("peer", true): PeerOwnerTeardownManySources(bindings: bindings)
  case (_, false): FloorOwnerTeardown(bindings: bindings)
  case (_, true): FloorOwnerTeardownManySources(bindings: bindings)
  }
}

// Each scenario's setup runs also for `none`-iterations baselines: the script subtracts a run of
// the same scenario with 0 iterations, so setup and process start are not counted.
switch scenario {
case "s1":
  let fixture = pipeline()
  for value in 0..<iterations { fixture.send(value) }
  precondition(iterations == 0 || fixture.field.value != 0)
case "s2":
  let fixture = propertyBinding()
  for value in 0..<iterations { fixture.set(value) }
  precondition(iterations == 0 || fixture.boundValue == iterations - 1)
case "s2m":
  // S2 with an owner of the main actor: its key-path target writes on the main thread (at once, as
  // the value arrives there). The floor is S2's, whose owner has no actor; there is no peer.
  if implementation == "ours" {
    let holder = MutableProperty(0)
    let badge = MainActorBadge()
    badge.reactive.count <~ holder
    for value in 0..<iterations { holder.value = value }
    precondition(iterations == 0 || badge.count == iterations - 1)
  } else {
    let fixture = FloorPropertyBinding()
    for value in 0..<iterations { fixture.set(value) }
    precondition(iterations == 0 || fixture.boundValue == iterations - 1)
  }
case "s3":
  let fixture = subscribeCancel()
  for _ in 0..<iterations { fixture.subscribeAndCancel() }
  precondition(fixture.deliveriesToOneSend() == 0)
case "s5":
  let fixture = fanOut()
  for value in 0..<iterations { fixture.send(value) }
case "s8":
  let fixture = combineLatest()
  for value in 0..<iterations {
    if value & 1 == 0 { fixture.sendLeft(value) } else { fixture.sendRight(value) }
  }
case "s10":
  let fixture = twoWay()
  for value in 0..<iterations {
    fixture.setLeft(2 * value + 10)
    fixture.setRight(2 * value + 11)
  }
  precondition(iterations == 0 || fixture.left == 2 * iterations + 9)
case "b1", "b2", "b3", "b1-setup", "b2-setup", "b3-setup":
  makeBindings(scenario, count: iterations)
  // Ends here in both variants, so that tearing the bindings down is counted in neither.
  exit(0)
case "s7", "s7b", "s7-setup", "s7b-setup":
  let fixture = ownerTeardown(bindings: iterations, oneSourceEach: scenario.hasPrefix("s7b"))
  if !scenario.hasSuffix("-setup") { fixture.dropOwner() }
  // Ends here in both variants, so that what is released at the end is counted in neither.
  exit(0)
default:
  runCollectionScenario(
    scenario, implementation, iterations: iterations, size: arguments.count == 5 ? Int(arguments[4]) : nil)
}

/// C1–C5: `step` `iterations` times on a collection of `size` elements.
func runCollectionScenario(_ scenario: String, _ implementation: String, iterations: Int, size: Int?) {
  guard let size, let found = collectionScenarios.first(where: { $0.id.lowercased() == scenario }) else { return }
  let fixture = (implementation == "ours" ? found.ours : found.floor).init(size: size)
  for index in 0..<iterations { fixture.step(index) }
  precondition(iterations == 0 || fixture.seen > 0)
}

/// An owner with a plain property and ten flags, as a widget with style classes has.
final class BindingCreationOwner: BindingOwner {
  let bindings = BindingBag()
  var value = false
  var flags = [Bool](repeating: false, count: 10)
}

extension Reactive where Base: BindingCreationOwner {
  /// One flag as a target of its own, with an identity and the default description: the shape of
  /// a toolkit's `cssClass(_:)` target.
  func flag(_ index: Int) -> BindingTarget<Base, Bool> {
    BindingTarget(base, identity: index) { owner, isOn in owner.flags[index] = isOn }
  }
}

/// B1–B3, making `count` bindings from ten `MutableProperty<Bool>` sources (each replays its value,
/// so every binding writes once): B1 into ten custom targets with identities per owner (`count / 10`
/// owners), B2 into one key-path target per owner, B3 with `bind(to:)` and a closure, no identity,
/// ten per owner. `-setup` makes the owners and the sources only.
func makeBindings(_ scenario: String, count: Int) {
  let sources = (0..<10).map { _ in MutableProperty(false) }
  let perOwner = scenario.hasPrefix("b2") ? 1 : 10
  let owners = (0..<count / perOwner).map { _ in BindingCreationOwner() }
  guard !scenario.hasSuffix("-setup") else { return withExtendedLifetime((owners, sources)) {} }
  switch scenario {
  case "b1":
    for owner in owners {
      for (index, source) in sources.enumerated() { owner.reactive.flag(index) <~ source }
    }
  case "b2":
    for (index, owner) in owners.enumerated() { owner.reactive.value <~ sources[index % 10] }
  default:
    for owner in owners {
      for source in sources { source.bind(to: owner) { owner, isOn in owner.value = isOn } }
    }
  }
  precondition(owners.allSatisfy { $0.bindings.count == perOwner }, "a binding was not made")
  withExtendedLifetime((owners, sources)) {}
}

/// S2m's owner: a main-actor object whose key-path targets write on the main thread.
@MainActor
final class MainActorBadge: MainActorBindingOwner {
  let bindings = BindingBag()
  var count = 0
}
