import Foundation
import TestSupport
import Testing

@testable import SampleExports

@Suite("Synthetic generator: Apple export.xml and export.zip", .serialized)
struct AppleExportTests {
  @Test(
    "the XML is well-formed once the DOCTYPE is removed; with it, expat stops at line 156",
    .enabled(if: SyntheticTestSupport.hasPython))
  func wellFormed() throws {
    let script = """
      import sys, re, xml.etree.ElementTree as ET
      data = open(sys.argv[1], 'rb').read()
      i = data.index(b'<!DOCTYPE'); j = data.index(b']>', i) + 2
      root = ET.fromstring(data[:i] + data[j:])
      assert root.tag == 'HealthData' and root.get('locale') == 'en_US'
      assert [c.tag for c in root[:2]] == ['ExportDate', 'Me']
      try:
          ET.fromstring(data)
          print('parsed with DOCTYPE')
      except ET.ParseError as e:
          print('error', e)
      """
    for run in [SyntheticRuns.sample, SyntheticRuns.full] {
      let r = try Python.run(script, [run.file("export.xml")])
      #expect(r.code == 0, "\(r.output)")
      // The iOS 16 DTD leaves VisionPrescription's ATTLIST open: line 156 is the first
      // declaration expat cannot accept (as every real Version 12 export).
      #expect(r.output.contains("syntax error: line 156"), "\(r.output)")
    }
  }

  @Test("header lines, one element per line, one-space indentation")
  func layout() throws {
    let text = try String(contentsOfFile: SyntheticRuns.sample.file("export.xml"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    #expect(lines[1] == "<!DOCTYPE HealthData [")
    #expect(lines[2] == "<!-- HealthKit Export Version: 12 -->")
    #expect(lines[212] == "]>")
    #expect(lines[213] == "<HealthData locale=\"en_US\">")
    // The export was made at 23:58:07 EST on the last day.
    #expect(lines[214] == " <ExportDate value=\"2026-11-15 23:58:07 -0500\"/>")
    #expect(lines[215].hasPrefix(" <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1988-04-12\""))
    #expect(lines.last == "" && lines[lines.count - 2] == "</HealthData>")
    for line in lines[213...] where !line.isEmpty {
      #expect(!line.contains("><"), "two elements on one line: \(line.prefix(120))")
      #expect(line.first == "<" || line.first == " ")
    }
  }

  @Test(
    "records carry the real quirks: beats, HKTimeZone, changing pointers, U+2019 and U+00A0",
    .enabled(if: SyntheticTestSupport.hasPython))
  func quirks() throws {
    let script = #"""
      import sys, re, collections, xml.etree.ElementTree as ET
      data = open(sys.argv[1], 'rb').read()
      i = data.index(b'<!DOCTYPE'); j = data.index(b']>', i) + 2
      root = ET.fromstring(data[:i] + data[j:])
      recs = root.findall('Record')
      hrv = [r for r in recs if r.get('type') == 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN']
      beats = [b for r in hrv for b in r.iter('InstantaneousBeatsPerMinute')]
      assert hrv and all(r.find('HeartRateVariabilityMetadataList') is not None for r in hrv)
      assert all(re.fullmatch(r'\d{1,2}:\d\d:\d\d\.\d\d [AP]M', b.get('time')) for b in beats)
      watch = 'Sam\u2019s Apple\u00a0Watch'
      sleep = [r for r in recs if r.get('type') == 'HKCategoryTypeIdentifierSleepAnalysis']
      ws = [r for r in sleep if r.get('sourceName') == watch]
      assert ws and all(any(m.get('key') == 'HKTimeZone' for m in r.findall('MetadataEntry')) for r in ws)
      assert {r.get('value') for r in sleep} >= {'HKCategoryValueSleepAnalysisInBed', 'HKCategoryValueSleepAnalysisAsleepCore', 'HKCategoryValueSleepAnalysisAsleepDeep', 'HKCategoryValueSleepAnalysisAsleepREM', 'HKCategoryValueSleepAnalysisAsleepUnspecified'}
      devices = [r.get('device') for r in recs if r.get('device')]
      pointers = [re.search(r'HKDevice: (0x[0-9a-f]+)>', d).group(1) for d in devices]
      assert len(set(pointers)) > 0.9 * len(pointers), (len(set(pointers)), len(pointers))
      assert any('model:Watch' in d for d in devices) and any('model:iPhone' in d for d in devices)
      names = {r.get('sourceName') for r in recs}
      assert watch in names and 'Sam\u2019s iPhone' in names and 'Health Mate' in names and 'Health' in names
      manual = [r for r in recs if any(m.get('key') == 'HKWasUserEntered' and m.get('value') == '1' for m in r.findall('MetadataEntry'))]
      assert manual and {r.get('unit') for r in manual if r.get('type').endswith('BodyMass')} == {'lb'}
      links = [m.get('value') for r in recs for m in r.findall('MetadataEntry') if m.get('key') == 'Withings Link']
      assert links and all('&date=' in l for l in links)
      # Exact duplicates are byte-identical copies; no two different records share the
      # clean stage's duplicate key (type, source, start, end, value).
      distinct = {ET.tostring(r) for r in recs}
      keys = collections.Counter(tuple(r.get(k) for k in ('type', 'sourceName', 'startDate', 'endDate', 'value')) for r in recs)
      copies = len(recs) - len(distinct)
      assert sum(n - 1 for n in keys.values()) == copies, (sum(n - 1 for n in keys.values()), copies)
      types = collections.Counter(r.get('type') for r in recs)
      assert types['HKQuantityTypeIdentifierEnvironmentalAudioExposure'] > 0 and types['HKDataTypeSleepDurationGoal'] == 1
      ws = root.findall('Workout')
      old = [w for w in ws if w.get('totalEnergyBurned')]
      new = [w for w in ws if w.find('WorkoutStatistics') is not None]
      assert old and new and not set(map(id, old)) & set(map(id, new))
      assert all(w.find('WorkoutStatistics[@type="HKQuantityTypeIdentifierActiveEnergyBurned"]').get('unit') == 'Cal' for w in new)
      paused = [w for w in ws if w.find('WorkoutEvent[@type="HKWorkoutEventTypePause"]') is not None]
      assert paused
      # duration excludes pauses: start-to-end minutes exceed it by the pauses.
      print('routes', ' '.join(f.get('path') for w in ws for f in w.iter('FileReference')))
      cors = root.findall('Correlation')
      key = lambda r: (tuple(sorted(r.attrib.items())), tuple(tuple(sorted(m.attrib.items())) for m in r))
      tops = {key(r) for r in recs}
      assert cors and all(len(c.findall('Record')) == 2 for c in cors)
      assert all(key(r) in tops for c in cors for r in c.findall('Record'))
      assert len(root.findall('ActivitySummary')) == int(sys.argv[2])
      """#
    let r = try Python.run(
      script, [SyntheticRuns.sample.file("export.xml"), "150"])
    #expect(r.code == 0, "\(r.output)")
    // Outdoor workouts reference their routes, as the phone writes them (the route files
    // themselves are not generated: no reader reads them).
    let routes =
      r.output.split(separator: "\n").first { $0.hasPrefix("routes") }?
      .split(separator: " ").dropFirst().map(String.init) ?? []
    #expect(!routes.isEmpty)
    #expect(routes.allSatisfy { $0.hasPrefix("/workout-routes/route_") && $0.hasSuffix(".gpx") })
  }

  @Test(
    "export.zip holds exactly export.xml, and opens with unzip -t and zipfile",
    .enabled(if: SyntheticTestSupport.hasPython))
  func zip() throws {
    for run in [SyntheticRuns.sample, SyntheticRuns.full] {
      let script = """
        import sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        assert z.testzip() is None
        info = z.getinfo('apple_health_export/export.xml')
        assert info.flag_bits & 8, 'data descriptor'
        assert z.read(info) == open(sys.argv[2], 'rb').read()
        assert z.namelist() == ['apple_health_export/export.xml'], z.namelist()
        """
      let r = try Python.run(
        script, [run.file("export.zip"), run.file("export.xml")])
      #expect(r.code == 0, "\(r.output)")
      if SyntheticTestSupport.hasUnzip {
        let u = try SyntheticTestSupport.run(
          "unzip", ["-t", run.file("export.zip")])
        #expect(u.code == 0 && u.output.contains("No errors detected"), "\(u.output)")
      }
    }
  }

  @Test(
    "a forced-zip64 export with __MACOSX entries and a localised XML name opens too",
    .enabled(if: SyntheticTestSupport.hasPython))
  func zip64Export() throws {
    var options = SyntheticOptions(days: 8, seed: 3, density: .sample)
    options.forceZip64 = true
    options.macOSMetadata = true
    options.xmlEntryName = "exportar.xml"
    let run = try SyntheticTestSupport.generate(options, formats: [.appleZip])
    let script = """
      import sys, zipfile
      z = zipfile.ZipFile(sys.argv[1])
      assert z.testzip() is None
      names = z.namelist()
      assert 'apple_health_export/exportar.xml' in names, names
      assert '__MACOSX/apple_health_export/._exportar.xml' in names, names
      assert all(i.extra[:2] == b'\\x01\\x00' for i in z.infolist())
      assert z.read('apple_health_export/exportar.xml').startswith(b'<?xml')
      """
    let r = try Python.run(script, [run.file("export.zip")])
    #expect(r.code == 0, "\(r.output)")
    if SyntheticTestSupport.hasUnzip {
      let u = try SyntheticTestSupport.run("unzip", ["-t", run.file("export.zip")])
      #expect(u.code == 0, "\(u.output)")
    }
  }
}
