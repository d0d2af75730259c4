import Bindings
import Foundation

func tourOperators() {
  print("Operators keep Combine's names. A chain is built once and runs per value.")
  let query = PassthroughSubject<String, Never>()
  let token =
    query
    .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    .filter { !$0.isEmpty }
    .removeDuplicates()
    .sink { print("  search for \"\($0)\"") }
  for text in ["Swift ", "swift", "  ", "Bindings"] {
    print("  typed \"\(text)\"")
    query.send(text)
  }
  token.cancel()

  print("combineLatest emits once every input has a value, then on each change.")
  let first = CurrentValueSubject<String, Never>("Ada")
  let last = PassthroughSubject<String, Never>()
  let fullName = first.combineLatest(last) { "\($0) \($1)" }.sink { print("  full name: \($0)") }
  last.send("Lovelace")
  first.value = "Augusta"
  fullName.cancel()

  print("Demand flows upstream: prefix(2) takes two values and cancels the rest.")
  let taken = (1...5).publisher
    .handleEvents(receiveCancel: { print("  upstream cancelled") })
    .prefix(2)
    .sink { print("  took \($0)") }
  taken.cancel()
}
