/// The phrases both benchmarks parse: RuntimeBench times them
/// (parse_median_us), SearchBench keeps them in the heap measurement.
/// English and Russian; digits and words; one unit and two; `5'8"`.
public let typicalPhrases = [
    "27 psi in bar", "thirty-four feet in meters", "тридцать четыре фута в метрах", "5 km", "100 km/h in mph",
    "пятьсот квадратных футов", "12 in to cm", "1,5 метра в футах", "one hundred and five pounds in kg",
    "две тысячи метров в милях", "5'8\"", "3 1/2 cups in ml",
]
