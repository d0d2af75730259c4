import Bindings

print("Bindings tour")
let subject = CurrentValueSubject<Int, Never>(1)
let token = subject.sink { print("value:", $0) }
subject.value = 2
token.cancel()
