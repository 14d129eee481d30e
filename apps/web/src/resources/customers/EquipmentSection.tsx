import Button from '@mui/material/Button';
import { Link } from 'react-router-dom';
import type { TCustomer } from '@insp/contracts';
import { Section } from './Section';
import { SimpleTable } from './SimpleTable';
import { TEXT } from './texts';

/** Equipment of a customer (002 §2: serial number, nickname, product family, product model); edited on /Equipments. */
export function EquipmentSection({ customer, editable }: { customer: TCustomer; editable: boolean }) {
  return (
    <Section
      title="Equipment"
      action={
        editable && (
          <Button component={Link} to="/Equipments/create">
            Add equipment
          </Button>
        )
      }
    >
      <SimpleTable
        label="Equipment"
        rows={customer.equipments}
        empty={TEXT.noEquipments}
        columns={[
          { label: 'Serial number', value: (e) => e.serialNumber },
          { label: 'Nickname', value: (e) => e.nickName },
          { label: 'Product family', value: (e) => e.productFamilyName },
          { label: 'Product model', value: (e) => e.productModelName },
        ]}
      />
    </Section>
  );
}
