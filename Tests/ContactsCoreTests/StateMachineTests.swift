import Testing

@testable import ContactsCore

@Suite("The view model's state machines, as plain values")
struct StateMachineTests {
  @Test("An export job proceeds while it is the latest; a restarted one stops silently")
  func exportRestart() {
    var state = ExportState()
    let first = state.start()
    let firstAlone = state.check(first)
    let second = state.start()
    let decisions = [state.check(first), state.check(second)]
    #expect(firstAlone == .proceed)
    #expect(decisions == [.stopSilently, .proceed])
  }

  @Test("A cancellation is reported by the first job that notices it, and only once")
  func exportCancellation() {
    var state = ExportState()
    let first = state.start()
    let second = state.start()
    state.cancel()
    let decisions = [state.check(first), state.check(second)]
    let third = state.start()
    let afterRestart = state.check(third)
    #expect(decisions == [.stopAndReportCancellation, .stopSilently])
    #expect(afterRestart == .proceed)
  }

  @Test("The status counts are written with thousands separated")
  func summaries() {
    #expect(ContactsViewModel.formatted(1_234_567) == "1,234,567")
    #expect(ContactsViewModel.formatted(999) == "999")
    #expect(ContactsViewModel.formatted(-1000) == "-1,000")
    #expect(ContactsViewModel.summary(visible: 1, total: 1, isFiltered: true) == "1 of 1 contact")
  }

  @Test("Email addresses: one @, a name, a dotted domain, no spaces; none at all is fine")
  func emails() {
    #expect(EmailAddress.problem(with: "") == nil)
    #expect(EmailAddress.problem(with: "ada@example.com") == nil)
    let bad = ["ada", "ada@", "@example.com", "ada@example", "ada@.com", "ada@example.", "a da@example.com", "a@b@c.d"]
    for text in bad {
      #expect(EmailAddress.problem(with: text) != nil, "\(text)")
    }
  }
}
