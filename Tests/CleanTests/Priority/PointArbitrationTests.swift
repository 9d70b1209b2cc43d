import Clean
import Testing

@Suite("Source priority: point and body metrics")
struct PointArbitrationTests {
  typealias F = Fixtures

  @Test("same start and end within 1 s from different sources: the higher priority stays")
  func withinOneSecond() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten + 1, 72, "count/min", source: F.phone)  // 1 s: overlapped
    list.add(.heartRate, start: F.ten + 100, 80, "count/min", source: F.phone)
    list.add(.heartRate, start: F.ten + 102, 81, "count/min")  // 2 s apart: both stay
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.heartRate).map(\.value) == [70, 80, 81])
    let reject = try #require(result.rejects(.overlapped).first)
    #expect(reject.origin.record == 2)
    #expect(reject.reason.contains("'\(F.watch)' (Apple Watch)"))
    #expect(reject.reason.contains("ranks as iPhone"))
  }

  @Test("the end must match too: a 1-minute average is not the same reading as an instant")
  func endsDiffer() throws {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten, end: F.ten + 60, 72, "count/min", source: F.phone)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.heartRate).count == 2)
  }

  @Test("weight: a hand entry beats the scale at the same time")
  func weightManualFirst() throws {
    var list = SampleList()
    list.add(.bodyMass, start: F.ten, 70.4, "kg", source: "Withings")
    list.add(.bodyMass, start: F.ten, 70.0, "kg", source: "Health", userEntered: true)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.bodyMass).map(\.value) == [70.0])
  }

  @Test("equal priorities and one source never displace each other")
  func equalAndSame() throws {
    var list = SampleList()
    list.add(.spo2, start: F.ten, 0.97, "%", source: "Pulse app")
    list.add(.spo2, start: F.ten, 0.95, "%", source: "Oximeter app")  // both unlisted
    list.add(.hrvSDNN, start: F.ten, 40, "ms")
    list.add(.hrvSDNN, start: F.ten, 42, "ms")  // same source, different value
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.spo2).count == 2)
    #expect(result.cleaned(.hrvSDNN).count == 2)
  }

  @Test("only kept samples displace: A at 0 s, B at 1 s, C at 2 s keeps A and C")
  func chain() throws {
    // A watch (rank 1), B phone (rank 2), C unlisted app (rank 3). B is within 1 s of A
    // and goes; C is within 1 s of B only, and B is gone, so C stays.
    var list = SampleList()
    list.add(.respiratoryRate, start: F.ten, 14, "count/min")
    list.add(.respiratoryRate, start: F.ten + 1, 15, "count/min", source: F.phone)
    list.add(.respiratoryRate, start: F.ten + 2, 16, "count/min", source: "SleepApp")
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.respiratoryRate).map(\.value) == [14, 16])
  }
}
