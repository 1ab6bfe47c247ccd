//! Infers a component's manufacturer: from a vendor token in the KiCad library name
//! (`MCU_ST_STM32F4` → STMicroelectronics), else from the datasheet's host
//! (`www.ti.com` → Texas Instruments). Generic libraries (`Device`, `Diode`) name no vendor, and
//! distributor or mirror hosts name none either, so both can leave the manufacturer unknown.

use crate::model::InferredManufacturer;

/// Vendor tokens of KiCad library names (`<Family>_<Vendor>[_<Series>]`).
const LIBRARY_VENDORS: &[(&str, &str, &str)] = &[
    ("ST", "STMicroelectronics", "https://www.st.com"),
    ("NXP", "NXP Semiconductors", "https://www.nxp.com"),
    (
        "Microchip",
        "Microchip Technology",
        "https://www.microchip.com",
    ),
    ("Texas", "Texas Instruments", "https://www.ti.com"),
    (
        "Nordic",
        "Nordic Semiconductor",
        "https://www.nordicsemi.com",
    ),
    ("RaspberryPi", "Raspberry Pi", "https://www.raspberrypi.com"),
    (
        "Espressif",
        "Espressif Systems",
        "https://www.espressif.com",
    ),
    ("AnalogDevices", "Analog Devices", "https://www.analog.com"),
    (
        "Cypress",
        "Infineon Technologies (Cypress)",
        "https://www.infineon.com",
    ),
    ("SiliconLabs", "Silicon Labs", "https://www.silabs.com"),
    ("Renesas", "Renesas Electronics", "https://www.renesas.com"),
    (
        "Dialog",
        "Renesas Electronics (Dialog)",
        "https://www.renesas.com",
    ),
    ("Xilinx", "AMD (Xilinx)", "https://www.amd.com"),
    (
        "Lattice",
        "Lattice Semiconductor",
        "https://www.latticesemi.com",
    ),
    ("Altera", "Intel (Altera)", "https://www.intel.com"),
    ("Intel", "Intel", "https://www.intel.com"),
    ("SiFive", "SiFive", "https://www.sifive.com"),
    ("Efinix", "Efinix", "https://www.efinixinc.com"),
    (
        "Microsemi",
        "Microchip Technology (Microsemi)",
        "https://www.microchip.com",
    ),
    ("CologneChip", "Cologne Chip", "https://www.colognechip.com"),
    (
        "Freescale",
        "NXP Semiconductors (Freescale)",
        "https://www.nxp.com",
    ),
    ("Motorola", "Motorola", "https://www.motorolasolutions.com"),
    ("STC", "STC Micro", "https://www.stcmicro.com"),
    ("Parallax", "Parallax", "https://www.parallax.com"),
    (
        "Infineon",
        "Infineon Technologies",
        "https://www.infineon.com",
    ),
    (
        "Allwinner",
        "Allwinner Technology",
        "https://www.allwinnertech.com",
    ),
];

/// Datasheet hosts (the registrable domain) of manufacturers.
const DATASHEET_HOSTS: &[(&str, &str)] = &[
    ("st.com", "STMicroelectronics"),
    ("ti.com", "Texas Instruments"),
    ("analog.com", "Analog Devices"),
    ("linear.com", "Analog Devices (Linear Technology)"),
    ("maximintegrated.com", "Analog Devices (Maxim Integrated)"),
    ("microchip.com", "Microchip Technology"),
    ("atmel.com", "Microchip Technology (Atmel)"),
    ("micrel.com", "Microchip Technology (Micrel)"),
    ("nxp.com", "NXP Semiconductors"),
    ("onsemi.com", "onsemi"),
    ("onsemi.cn", "onsemi"),
    ("fairchildsemi.com", "onsemi (Fairchild)"),
    ("infineon.com", "Infineon Technologies"),
    ("irf.com", "Infineon Technologies (International Rectifier)"),
    ("cypress.com", "Infineon Technologies (Cypress)"),
    ("vishay.com", "Vishay"),
    ("diodes.com", "Diodes Incorporated"),
    ("rohm.com", "ROHM Semiconductor"),
    ("toshiba.com", "Toshiba"),
    ("toshiba.semicon-storage.com", "Toshiba"),
    ("nexperia.com", "Nexperia"),
    ("espressif.com", "Espressif Systems"),
    ("raspberrypi.com", "Raspberry Pi"),
    ("raspberrypi.org", "Raspberry Pi"),
    ("silabs.com", "Silicon Labs"),
    ("renesas.com", "Renesas Electronics"),
    ("intersil.com", "Renesas Electronics (Intersil)"),
    ("ftdichip.com", "FTDI"),
    ("murata.com", "Murata"),
    ("tdk.com", "TDK"),
    ("kemet.com", "KEMET"),
    ("littelfuse.com", "Littelfuse"),
    ("bourns.com", "Bourns"),
    ("wch.cn", "WCH"),
    ("wch-ic.com", "WCH"),
    ("holtek.com", "Holtek"),
    ("torexsemi.com", "Torex Semiconductor"),
    ("richtek.com", "Richtek"),
    ("monolithicpower.com", "Monolithic Power Systems"),
    ("semtech.com", "Semtech"),
    ("allegromicro.com", "Allegro MicroSystems"),
    ("ams.com", "ams OSRAM"),
    ("ams-osram.com", "ams OSRAM"),
    ("osram-os.com", "ams OSRAM"),
    ("sensirion.com", "Sensirion"),
    ("bosch-sensortec.com", "Bosch Sensortec"),
    ("kingbright.com", "Kingbright"),
    ("cree.com", "Cree"),
    ("cree-led.com", "Cree LED"),
    ("lumileds.com", "Lumileds"),
    ("everlight.com", "Everlight"),
    ("taiwansemi.com", "Taiwan Semiconductor"),
    ("panjit.com.tw", "Panjit"),
    ("mccsemi.com", "Micro Commercial Components"),
    ("zetex.com", "Diodes Incorporated (Zetex)"),
    ("nordicsemi.com", "Nordic Semiconductor"),
    ("skyworksinc.com", "Skyworks"),
    ("ablic.com", "ABLIC"),
    ("sii-ic.com", "ABLIC (Seiko Instruments)"),
    ("aosmd.com", "Alpha & Omega Semiconductor"),
    ("latticesemi.com", "Lattice Semiconductor"),
    ("xilinx.com", "AMD (Xilinx)"),
    ("exar.com", "MaxLinear (Exar)"),
    ("maxlinear.com", "MaxLinear"),
    ("melexis.com", "Melexis"),
    ("ixys.com", "Littelfuse (IXYS)"),
    ("nisshinbo-microdevices.co.jp", "Nisshinbo Micro Devices"),
    ("njr.com", "Nisshinbo Micro Devices (JRC)"),
    ("sg-micro.com", "SG Micro"),
    ("3peak.com", "3PEAK"),
    ("gigadevice.com", "GigaDevice"),
    ("winbond.com", "Winbond"),
    ("issi.com", "ISSI"),
    ("macronix.com", "Macronix"),
    ("cmedia.com.tw", "C-Media"),
    ("prolific.com.tw", "Prolific"),
    ("sparkfun.com", "SparkFun"),
    ("ti.com.cn", "Texas Instruments"),
    ("wolfspeed.com", "Wolfspeed"),
    ("advanced-monolithic.com", "Advanced Monolithic Systems"),
    ("panasonic.com", "Panasonic"),
    ("diotec.com", "Diotec Semiconductor"),
    ("cdil.com", "Continental Device India (CDIL)"),
    ("broadcom.com", "Broadcom"),
    ("avagotech.com", "Broadcom (Avago)"),
    ("microsemi.com", "Microchip Technology (Microsemi)"),
    ("centralsemi.com", "Central Semiconductor"),
    ("zlgmcu.com", "ZLG"),
    ("wurth.com", "Würth Elektronik"),
    ("we-online.com", "Würth Elektronik"),
    ("we-online.de", "Würth Elektronik"),
];

/// The vendor a library name carries, if any.
pub fn from_library(library: &str) -> Option<InferredManufacturer> {
    library.split('_').skip(1).find_map(|token| {
        LIBRARY_VENDORS
            .iter()
            .find(|(vendor, _, _)| *vendor == token)
            .map(|(_, name, website)| InferredManufacturer {
                name: (*name).to_owned(),
                website: Some((*website).to_owned()),
                method: "library",
            })
    })
}

/// The manufacturer a chip description's `vendor` (`st`, `espressif`) names.
pub fn from_vendor(vendor: &str) -> Option<InferredManufacturer> {
    LIBRARY_VENDORS
        .iter()
        .find(|(token, _, _)| token.eq_ignore_ascii_case(vendor))
        .map(|(_, name, website)| InferredManufacturer {
            name: (*name).to_owned(),
            website: Some((*website).to_owned()),
            method: "vendor",
        })
}

/// The host of an `http(s)://` URL, lowercased, without `www.` and port.
pub fn url_host(url: &str) -> Option<String> {
    let rest = url
        .trim()
        .strip_prefix("https://")
        .or_else(|| url.trim().strip_prefix("http://"))?;
    let host = rest.split(['/', '?', '#']).next()?.split(':').next()?;
    (!host.is_empty()).then(|| host.trim_start_matches("www.").to_lowercase())
}

pub fn from_datasheet(url: &str) -> Option<InferredManufacturer> {
    let host = url_host(url)?;
    DATASHEET_HOSTS
        .iter()
        .find(|(domain, _)| host == *domain || host.ends_with(&format!(".{domain}")))
        .map(|(domain, name)| InferredManufacturer {
            name: (*name).to_owned(),
            website: Some(format!("https://www.{domain}")),
            method: "datasheet-host",
        })
}

/// The library's vendor first (it names the maker of every symbol in it), then the datasheet.
pub fn infer(library: &str, datasheet: Option<&str>) -> Option<InferredManufacturer> {
    from_library(library).or_else(|| datasheet.and_then(from_datasheet))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(found: Option<InferredManufacturer>) -> Option<(String, &'static str)> {
        found.map(|m| (m.name, m.method))
    }

    #[test]
    fn vendor_library_names_give_the_manufacturer() {
        assert_eq!(
            name(infer("MCU_ST_STM32F4", Some("https://www.ti.com/x.pdf"))),
            Some(("STMicroelectronics".into(), "library"))
        );
        assert_eq!(
            name(infer("MCU_Microchip_ATmega", None)),
            Some(("Microchip Technology".into(), "library"))
        );
        assert_eq!(
            name(infer("MCU_RaspberryPi", None)),
            Some(("Raspberry Pi".into(), "library"))
        );
    }

    #[test]
    fn datasheet_hosts_give_the_manufacturer_of_generic_libraries() {
        // Real datasheet fields of the KiCad 6 libraries.
        assert_eq!(
            name(infer(
                "Regulator_Linear",
                Some("http://www.ti.com/lit/ds/symlink/lm1117.pdf")
            )),
            Some(("Texas Instruments".into(), "datasheet-host"))
        );
        assert_eq!(
            name(infer(
                "Transistor_FET",
                Some("https://www.onsemi.com/pub/Collateral/2N7002L-D.PDF")
            )),
            Some(("onsemi".into(), "datasheet-host"))
        );
        assert_eq!(
            name(infer(
                "Diode",
                Some("http://www.vishay.com/docs/88503/1n4001.pdf")
            )),
            Some(("Vishay".into(), "datasheet-host"))
        );
        assert_eq!(
            name(infer(
                "Memory_EEPROM",
                Some("http://ww1.microchip.com/downloads/en/DeviceDoc/21203M.pdf")
            )),
            Some(("Microchip Technology".into(), "datasheet-host"))
        );
    }

    #[test]
    fn unknown_hosts_and_generic_libraries_name_nobody() {
        assert_eq!(name(infer("Device", Some("~"))), None);
        assert_eq!(name(infer("Device", None)), None);
        assert_eq!(
            name(infer("Device", Some("https://www.mouser.com/ds/x.pdf"))),
            None
        );
        // A host that merely ends with a known name is not that manufacturer.
        assert_eq!(name(infer("Device", Some("https://notti.com/x.pdf"))), None);
    }
}
