#if canImport(Darwin)
import Darwin
#elseif canImport(WinSDK)
import WinSDK
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Writes a diagnostic to the standard error stream.
func writeToStandardError(_ message: String) {
  var message = message
  message.withUTF8 { bytes in
    #if canImport(WinSDK)
    _ = _write(2, bytes.baseAddress, UInt32(bytes.count))
    #else
    _ = write(2, bytes.baseAddress, bytes.count)
    #endif
  }
}
