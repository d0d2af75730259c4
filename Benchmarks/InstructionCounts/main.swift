// Runs one scenario of one implementation in a plain loop, for `Benchmarks/instructions`, which
// counts the instructions it executes under valgrind's callgrind. Instruction counts do not depend
// on what else the machine is doing, so their ratios are stable on a shared, noisy machine.
//
//   InstructionCounts <scenario> <implementation> <iterations>
//   scenario: s1 | s2 | s3 | s5 | none;  implementation: ours | peer | floor
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]) else {
  print("usage: InstructionCounts <s1|s2|s3|s5|none> <ours|peer|floor> <iterations>")
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
case "s3":
  let fixture = subscribeCancel()
  for _ in 0..<iterations { fixture.subscribeAndCancel() }
  precondition(fixture.deliveriesToOneSend() == 0)
case "s5":
  let fixture = fanOut()
  for value in 0..<iterations { fixture.send(value) }
default:
  break
}
