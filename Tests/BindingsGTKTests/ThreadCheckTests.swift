#if GTK
import Foundation
import Testing

@testable import BindingsGTK

/// Debug builds stop with a clear message when GTK is touched where it must not be.
@Suite("GTK's thread is checked")
struct ThreadCheckTests {
  #if DEBUG
  @Test("touching GTK before it is started stops the program with a message saying so")
  func beforeInitialize() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      GTK.assertGTKThread("Writing GtkLabel.label")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("BindingsGTK: Writing GtkLabel.label ran before GTK.initialize()"))
  }
  #endif

  @Test("the display check names DISPLAY and xvfb-run")
  func noDisplay() {
    let problem = GTK.displayProblem(in: [:])
    #expect(problem.map { "\($0)" }?.contains("xvfb-run") == true)
  }
}
#endif
