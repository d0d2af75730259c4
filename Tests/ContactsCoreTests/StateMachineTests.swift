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

  @Test("A filter request made while a pass runs is left to the running thread, which runs one more pass")
  func filterRequests() {
    var state = FilterState(shownSummary: "8 contacts")
    let mustRun = state.request(query: "ad")
    let first = state.nextPass()
    let mustRunAgain = state.request(query: nil)
    let second = state.nextPass()
    let third = state.nextPass()
    let mustRunLater = state.request(query: nil)

    #expect(mustRun)
    #expect(first?.appliedQueryText == "ad")
    #expect(!mustRunAgain, "another thread's request while the pass runs")
    #expect(second?.appliedQueryText == nil)
    #expect(second?.query == SearchQuery("ad"))
    #expect(third == nil)
    #expect(mustRunLater, "the turn ended, so the next request runs")
  }

  @Test("Contacts kept visible are forgotten when a query is applied")
  func keptContacts() {
    var state = FilterState(shownSummary: "")
    state.keep(3)
    _ = state.request(query: nil)
    let kept = state.nextPass()?.kept
    _ = state.request(query: "x")
    let keptAfterQuery = state.nextPass()?.kept
    #expect(kept == [3])
    #expect(keptAfterQuery == [])
  }

  @Test("The status shows new counts only, with thousands separated")
  func summaries() {
    var state = FilterState(shownSummary: "8 contacts")
    let same = state.noteSummary("8 contacts")
    let different = state.noteSummary("3 of 8 contacts")
    #expect(!same)
    #expect(different)
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
