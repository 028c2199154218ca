/// The phrases both benchmarks parse: RuntimeBench times them
/// (parse_median_us), SearchBench keeps them in the heap measurement.
/// English and Russian; digits and words; one unit and two; `5'8"`.
public let typicalPhrases = [
    "27 psi in bar", "thirty-four feet in meters", "тридцать четыре фута в метрах", "5 km", "100 km/h in mph",
    "пятьсот квадратных футов", "12 in to cm", "1,5 метра в футах", "one hundred and five pounds in kg",
    "две тысячи метров в милях", "5'8\"", "3 1/2 cups in ml",
]

/// Phrases of quantities in several parts, mixed targets, differences,
/// readings that fit and fractions in words (issue 18): RuntimeBench times
/// them apart (parse_quantity_median_us), beside the typical ones.
public let quantityPhrases = [
    "6 ft 2 in in meters", "2 hours and 45 minutes in seconds", "2 часа 15 минут в секундах", "11 st 6 lb in kg",
    "180 cm in feet and inches", "180 см в футах и дюймах", "5′8½″ in cm", "three quarters of a cup in ml",
    "temperature difference of 20 °C in °F", "12 oz in ml", "1 rpm in Hz", "полмили в метрах",
]

/// Phrases of three-unit expressions (issue 19): RuntimeBench times a parse
/// and the conversion of its first reading (parse_expression_median_us).
public let expressionPhrases = [
    "1 W/(m*K) in BTU/(h*ft*°F)", "9.81 kg*m/s^2 in lbf", "50 N*m/s in hp", "3 kg*m^2/s^2 in J",
    "2 lb*ft/s^2 in N", "1 kWh/(m²·d) in W/m²", "5 g/(cm*s) in Pa*s", "0.5 BTU/(lb*°F) in J/(kg*K)",
    "10 L/(min*m^2) in gal/(h*ft^2)", "20 m^3/(h*kW) in L/(s*W)", "4 mol/(L*s) in mmol/(mL*min)", "7 kN*m/s in hp",
]
