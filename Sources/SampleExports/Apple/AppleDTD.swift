/// The DOCTYPE block of a HealthKit Export Version 12 file (iOS 16), reproduced with its
/// defect: the `VisionPrescription` attribute list is never closed, so `RightEye` and
/// `LeftEye` end up inside it, a stray attribute line and a second `MetadataEntry`
/// declaration follow, and an extra `>` precedes `]>`. XML parsers stop at line 156 with a
/// syntax error; readers must skip the whole block. Line numbers match the widely shared
/// patch that repairs real exports.
enum AppleDTD {
  /// From `<!DOCTYPE` to `]>` and its newline (the file's lines 2-213).
  static let iOS16: String = """
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 12 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT ExportDate EMPTY>
    <!ATTLIST ExportDate
      value CDATA #REQUIRED
    >
    <!ELEMENT Me EMPTY>
    <!ATTLIST Me
      HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
      HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
      HKCharacteristicTypeIdentifierBloodType           CDATA #REQUIRED
      HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
    >
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record
      type          CDATA #REQUIRED
      unit          CDATA #IMPLIED
      value         CDATA #IMPLIED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
    <!ELEMENT Correlation ((MetadataEntry|Record)*)>
    <!ATTLIST Correlation
      type          CDATA #REQUIRED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute)*)>
    <!ATTLIST Workout
      workoutActivityType   CDATA #REQUIRED
      duration              CDATA #IMPLIED
      durationUnit          CDATA #IMPLIED
      totalDistance         CDATA #IMPLIED
      totalDistanceUnit     CDATA #IMPLIED
      totalEnergyBurned     CDATA #IMPLIED
      totalEnergyBurnedUnit CDATA #IMPLIED
      sourceName            CDATA #REQUIRED
      sourceVersion         CDATA #IMPLIED
      device                CDATA #IMPLIED
      creationDate          CDATA #IMPLIED
      startDate             CDATA #REQUIRED
      endDate               CDATA #REQUIRED
    >
    <!ELEMENT WorkoutActivity ((MetadataEntry)*)>
    <!ATTLIST WorkoutActivity
      uuid                 CDATA #REQUIRED
      startDate            CDATA #REQUIRED
      endDate              CDATA #IMPLIED
      duration             CDATA #IMPLIED
      durationUnit         CDATA #IMPLIED
    >
    <!ELEMENT WorkoutEvent EMPTY>
    <!ATTLIST WorkoutEvent
      type                 CDATA #REQUIRED
      date                 CDATA #REQUIRED
      duration             CDATA #IMPLIED
      durationUnit         CDATA #IMPLIED
    >
    <!ELEMENT WorkoutStatistics EMPTY>
    <!ATTLIST WorkoutStatistics
      type                 CDATA #REQUIRED
      startDate            CDATA #REQUIRED
      endDate              CDATA #REQUIRED
      average              CDATA #IMPLIED
      minimum              CDATA #IMPLIED
      maximum              CDATA #IMPLIED
      sum                  CDATA #IMPLIED
    >
    <!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
    <!ATTLIST WorkoutRoute
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ELEMENT FileReference EMPTY>
    <!ATTLIST FileReference
      path CDATA #REQUIRED
    >
    <!ELEMENT ActivitySummary EMPTY>
    <!ATTLIST ActivitySummary
      dateComponents           CDATA #IMPLIED
      activeEnergyBurned       CDATA #IMPLIED
      activeEnergyBurnedGoal   CDATA #IMPLIED
      activeEnergyBurnedUnit   CDATA #IMPLIED
      appleMoveTime            CDATA #IMPLIED
      appleMoveTimeGoal        CDATA #IMPLIED
      appleExerciseTime        CDATA #IMPLIED
      appleExerciseTimeGoal    CDATA #IMPLIED
      appleStandHours          CDATA #IMPLIED
      appleStandHoursGoal      CDATA #IMPLIED
    >
    <!ELEMENT MetadataEntry EMPTY>
    <!ATTLIST MetadataEntry
      key   CDATA #REQUIRED
      value CDATA #REQUIRED
    >
    <!-- Note: Heart Rate Variability records captured by Apple Watch may include an associated list of instantaneous beats-per-minute readings. -->
    <!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
    <!ELEMENT InstantaneousBeatsPerMinute EMPTY>
    <!ATTLIST InstantaneousBeatsPerMinute
      bpm  CDATA #REQUIRED
      time CDATA #REQUIRED
    >
    <!ELEMENT ClinicalRecord EMPTY>
    <!ATTLIST ClinicalRecord
      type              CDATA #REQUIRED
      identifier        CDATA #REQUIRED
      sourceName        CDATA #REQUIRED
      sourceURL         CDATA #REQUIRED
      fhirVersion       CDATA #REQUIRED
      receivedDate      CDATA #REQUIRED
      resourceFilePath  CDATA #REQUIRED
    >
    <!ELEMENT Audiogram ((MetadataEntry|SensitivityPoint)*)>
    <!ATTLIST Audiogram
      type          CDATA #REQUIRED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ELEMENT SensitivityPoint EMPTY>
    <!ATTLIST SensitivityPoint
      frequencyValue   CDATA #REQUIRED
      frequencyUnit    CDATA #REQUIRED
      leftEarValue     CDATA #IMPLIED
      leftEarUnit      CDATA #IMPLIED
      rightEarValue    CDATA #IMPLIED
      rightEarUnit     CDATA #IMPLIED
    >
    <!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
    <!ATTLIST VisionPrescription
      type             CDATA #REQUIRED
      dateIssued       CDATA #REQUIRED
      expirationDate   CDATA #REQUIRED
      brand            CDATA #IMPLIED
    <!ELEMENT RightEye EMPTY>
    <!ATTLIST RightEye
      sphere           CDATA #IMPLIED
      sphereUnit       CDATA #IMPLIED
      cylinder         CDATA #IMPLIED
      cylinderUnit     CDATA #IMPLIED
      axis             CDATA #IMPLIED
      axisUnit         CDATA #IMPLIED
      add              CDATA #IMPLIED
      addUnit          CDATA #IMPLIED
      vertex           CDATA #IMPLIED
      vertexUnit       CDATA #IMPLIED
      prismAmount      CDATA #IMPLIED
      prismAmountUnit  CDATA #IMPLIED
      prismAngle       CDATA #IMPLIED
      prismAngleUnit   CDATA #IMPLIED
      farPD            CDATA #IMPLIED
      farPDUnit        CDATA #IMPLIED
      nearPD           CDATA #IMPLIED
      nearPDUnit       CDATA #IMPLIED
      baseCurve        CDATA #IMPLIED
      baseCurveUnit    CDATA #IMPLIED
      diameter         CDATA #IMPLIED
      diameterUnit     CDATA #IMPLIED
    >
    <!ELEMENT LeftEye EMPTY>
    <!ATTLIST LeftEye
      sphere           CDATA #IMPLIED
      sphereUnit       CDATA #IMPLIED
      cylinder         CDATA #IMPLIED
      cylinderUnit     CDATA #IMPLIED
      axis             CDATA #IMPLIED
      axisUnit         CDATA #IMPLIED
      add              CDATA #IMPLIED
      addUnit          CDATA #IMPLIED
      vertex           CDATA #IMPLIED
      vertexUnit       CDATA #IMPLIED
      prismAmount      CDATA #IMPLIED
      prismAmountUnit  CDATA #IMPLIED
      prismAngle       CDATA #IMPLIED
      prismAngleUnit   CDATA #IMPLIED
      farPD            CDATA #IMPLIED
      farPDUnit        CDATA #IMPLIED
      nearPD           CDATA #IMPLIED
      nearPDUnit       CDATA #IMPLIED
      baseCurve        CDATA #IMPLIED
      baseCurveUnit    CDATA #IMPLIED
      diameter         CDATA #IMPLIED
      diameterUnit     CDATA #IMPLIED
    >
      device           CDATA #IMPLIED
    <!ELEMENT MetadataEntry EMPTY>
    <!ATTLIST MetadataEntry
      key              CDATA #IMPLIED
      value            CDATA #IMPLIED
    >
    >
    ]>
    """
}
