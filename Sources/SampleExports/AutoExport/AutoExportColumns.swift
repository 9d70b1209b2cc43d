/// The column set of a Health Auto Export CSV "days" export (the app writes every metric
/// it knows, most of them empty), `Name [Sub] (unit)` in a US user's units.
enum AutoExportColumns {
  /// The header after `Date`.
  static let all: [String] = [
    "Active Energy (kcal)", "Alcohol Consumption (count)", "Apple Exercise Time (min)",
    "Apple Sleeping Wrist Temperature (degF)", "Apple Stand Hour (count)",
    "Apple Stand Time (min)", "Basal Body Temperature (degF)", "Basal Energy Burned (kcal)",
    "Blood Alcohol Content (%)", "Blood Glucose (mg/dL)", "Blood Oxygen Saturation (%)",
    "Blood Pressure [Systolic] (mmHg)", "Blood Pressure [Diastolic] (mmHg)",
    "Body Fat Percentage (%)", "Body Mass Index (count)", "Body Temperature (degF)",
    "Calcium (mg)", "Carbohydrates (g)", "Chloride (mg)", "Chromium (mcg)", "Copper (mg)",
    "Cycling Distance (mi)", "Dietary Biotin (mcg)", "Dietary Caffeine (mg)",
    "Dietary Cholesterol (mg)", "Dietary Energy (kcal)", "Dietary Sugar (g)",
    "Dietary Water (fl_oz_us)", "Distance Downhill Snow Sports (mi)",
    "Environmental Audio Exposure (dBASPL)", "Fiber (g)", "Flights Climbed (count)",
    "Folate (mcg)", "Forced Expiratory Volume 1 (L)", "Forced Vital Capacity (L)",
    "Handwashing (s)", "Headphone Audio Exposure (dBASPL)", "Heart Rate [Min] (count/min)",
    "Heart Rate [Max] (count/min)", "Heart Rate [Avg] (count/min)",
    "Heart Rate Variability (ms)", "Height (cm)", "High Heart Rate Notifications [Min] (count)",
    "High Heart Rate Notifications [Max] (count)", "High Heart Rate Notifications [Avg] (count)",
    "Inhaler Usage (count)", "Insulin Delivery (IU)", "Iodine (mcg)", "Iron (mg)",
    "Irregular Heart Rate Notifications [Min] (count)",
    "Irregular Heart Rate Notifications [Max] (count)",
    "Irregular Heart Rate Notifications [Avg] (count)", "Lean Body Mass (lb)",
    "Low Heart Rate Notifications [Min] (count)", "Low Heart Rate Notifications [Max] (count)",
    "Low Heart Rate Notifications [Avg] (count)", "Magnesium (mg)", "Manganese (mg)",
    "Mindful Minutes (min)", "Molybdenum (mcg)", "Monounsaturated Fat (g)", "Niacin (mg)",
    "Number of Times Fallen (count)", "Pantothenic Acid (mg)",
    "Peak Expiratory Flow Rate (L/min)", "Peripheral Perfusion Index (%)",
    "Polyunsaturated Fat (g)", "Potassium (mg)", "Protein (g)", "Push Count (count)",
    "Respiratory Rate (count/min)", "Resting Heart Rate (count/min)", "Riboflavin (mg)",
    "Saturated Fat (g)", "Selenium (mcg)", "Sexual Activity [Unspecified] (count)",
    "Sexual Activity [Protection Used] (count)", "Sexual Activity [Protection Not Used] (count)",
    "Six-Minute Walking Test Distance (m)", "Sleep Analysis [Asleep] (hr)",
    "Sleep Analysis [In Bed] (hr)", "Sleep Analysis [Core] (hr)", "Sleep Analysis [Deep] (hr)",
    "Sleep Analysis [REM] (hr)", "Sleep Analysis [Awake] (hr)", "Sodium (mg)",
    "Stair Speed: Down (ft/s)", "Stair Speed: Up (ft/s)", "Step Count (count)",
    "Swimming Distance (yd)", "Swimming Stroke Count (count)", "Thiamin (mg)",
    "Toothbrushing (s)", "Total Fat (g)", "VO2 Max (ml/(kg·min))", "Vitamin A (mcg)",
    "Vitamin B12 (mcg)", "Vitamin B6 (mg)", "Vitamin C (mg)", "Vitamin D (mcg)",
    "Vitamin E (mg)", "Vitamin K (mcg)", "Waist Circumference (in)",
    "Walking + Running Distance (mi)", "Walking Asymmetry Percentage (%)",
    "Walking Double Support Percentage (%)", "Walking Heart Rate Average (count/min)",
    "Walking Speed (mi/hr)", "Walking Step Length (in)", "Weight & Body Mass (lb)",
    "Wheelchair Distance (mi)", "Zinc (mg)",
  ]

  /// The workouts file's header (with the app's own typos).
  static let workouts =
    "Type,Start,End,Duration,Total Energy (kcal),Active Energy (kcal),Max Heart Rate (bpm),"
    + "Avg Heart Rate (bpm),Distance (mi),Avg Speed(mi/hr),Step Count (count),"
    + "Step Cadence (spm),Swimming Stroke Count (count),Swim Stoke Cadence (spm),"
    + "Flights Climbed (count),Elevation Ascended (ft),Elevation Descended (ft)"
}
