//! Prints small tables of values: Cutcake, Domineering rectangles, Toads and Frogs.

use cgtk_partizan::{Arena, Cutcake, Domineering, DomineeringBoard, ToadsAndFrogs};

fn main() {
    let mut a = Arena::new();
    let mut cake = Cutcake::new();
    println!("Cutcake (rows x cols):");
    for r in 1..=8 {
        let row: Vec<String> = (1..=10)
            .map(|c| {
                let g = cake.value(&mut a, r, c);
                a.display(g)
            })
            .collect();
        println!("{r}: {}", row.join(" "));
    }
    let mut d = Domineering::new();
    println!("Domineering:");
    for r in 1..=4 {
        for c in 1..=5 {
            if let Ok(b) = DomineeringBoard::rectangle(r, c) {
                let g = d.value(&mut a, &b);
                println!("{r}x{c}: {}", a.display(g));
            }
        }
    }
    let mut tf = ToadsAndFrogs::new();
    for p in [
        "TT..FF", "TTT..FFF", "T.F", "TT.F", "T.FF", "TTT.FF", "TT.FFF", "TTT.FFF", "TF.TF",
        "TFTF.",
    ] {
        if let Ok(g) = tf.parse_value(&mut a, p) {
            println!("{p}: {}", a.display(g));
        }
    }
}
