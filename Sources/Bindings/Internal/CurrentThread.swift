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

/// An identity for the calling thread, cheap enough to take on every send: who holds a subject's drain
/// (``SubjectStateMachine``), which thread is writing a two-way binding (``TwoWayBindingStateMachine``).
/// It says which thread, not whether it is the main one: that is ``ProcessMainThread/isCurrent``.
@inlinable @inline(__always)
func currentThreadIdentity() -> UInt {
  #if canImport(WinSDK)
  UInt(GetCurrentThreadId())
  #elseif canImport(Darwin)
  UInt(bitPattern: pthread_self())
  #else
  UInt(pthread_self())
  #endif
}
