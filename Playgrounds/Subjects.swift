import Bindings

func tourSubjects() {
  print("CurrentValueSubject hands its current value to each new subscriber.")
  let name = CurrentValueSubject<String, Never>("Ada")
  let token = name.sink { print("  name is \($0)") }
  name.value = "Grace"

  print("A value sent from inside a delivery is queued, not nested: every subscriber sees one order.")
  let counter = PassthroughSubject<Int, Never>()
  let first = counter.sink { value in
    print("  first:  \(value)")
    if value == 1 { counter.send(2) }
  }
  let second = counter.sink { print("  second: \($0)") }
  counter.send(1)

  print("Completion ends the subject; later sends are ignored.")
  counter.send(completion: .finished)
  counter.send(3)
  for cancellable in [token, first, second] { cancellable.cancel() }
}
